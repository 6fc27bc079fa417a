#include "clients/runner/spread_plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ariadne {

namespace {

constexpr double label_room = 150;  // room for the bots' names
constexpr double plot_width = 520;
constexpr double row = 40;
constexpr double top = 44;

std::string xml_text(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '&') {
      out += "&amp;";
    } else if (c == '<') {
      out += "&lt;";
    } else if (c == '>') {
      out += "&gt;";
    } else if (c == '"') {
      out += "&quot;";
    } else {
      out += c;
    }
  }
  return out;
}

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", value);
  return text;
}

double value_of(const game_result& o, plot_metric metric) {
  return metric == plot_metric::efficiency ? o.result.efficiency
                                           : static_cast<double>(o.result.steps);
}

// The axis' top: 1 for efficiency, else the largest steps rounded up to
// 1, 2 or 5 times a power of ten.
double axis_top(const std::vector<game_result>& outcomes, plot_metric metric) {
  if (metric == plot_metric::efficiency) return 1;
  double most = 1;
  for (const game_result& o : outcomes)
    if (o.played) most = std::max(most, value_of(o, metric));
  const double power = std::pow(10.0, std::floor(std::log10(most)));
  for (const double step : {1.0, 2.0, 5.0, 10.0})
    if (step * power >= most) return step * power;
  return 10 * power;
}

}  // namespace

std::string spread_svg(const std::vector<std::string>& bots,
                       const std::vector<game_result>& outcomes, plot_metric metric,
                       const std::string& title) {
  const double top_value = axis_top(outcomes, metric);
  const double height = top + row * static_cast<double>(bots.size()) + 40;
  const double width = label_room + plot_width + 30;
  const auto x_of = [&](double v) {
    return label_room + plot_width * std::clamp(v / top_value, 0.0, 1.0);
  };
  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + number(width) +
                    "\" height=\"" + number(height) + "\" viewBox=\"0 0 " + number(width) + " " +
                    number(height) +
                    "\" font-family=\"sans-serif\" font-size=\"13\">\n"
                    "<rect width=\"100%\" height=\"100%\" fill=\"#f7f5ef\"/>\n";
  svg +=
      "<text x=\"12\" y=\"24\" font-size=\"15\" fill=\"#1b1e24\">" + xml_text(title) + "</text>\n";
  const double bottom = top + row * static_cast<double>(bots.size());
  for (int tick = 0; tick <= 4; ++tick) {
    const double v = top_value * tick / 4;
    const double x = x_of(v);
    svg += "<line x1=\"" + number(x) + "\" y1=\"" + number(top) + "\" x2=\"" + number(x) +
           "\" y2=\"" + number(bottom) + "\" stroke=\"#d9d5ca\"/>\n";
    char label[32];
    std::snprintf(label, sizeof label, metric == plot_metric::efficiency ? "%.2f" : "%.0f", v);
    svg += "<text x=\"" + number(x) + "\" y=\"" + number(bottom + 18) +
           "\" text-anchor=\"middle\" fill=\"#6b6f78\">" + label + "</text>\n";
  }
  svg +=
      "<text x=\"" + number(label_room + plot_width) + "\" y=\"" + number(bottom + 34) +
      "\" text-anchor=\"end\" fill=\"#6b6f78\">" +
      (metric == plot_metric::efficiency ? "efficiency (optimal / score; 0: not found)" : "steps") +
      "</text>\n";
  for (std::size_t b = 0; b < bots.size(); ++b) {
    const double middle = top + row * (static_cast<double>(b) + 0.5);
    svg += "<text x=\"" + number(label_room - 12) + "\" y=\"" + number(middle + 4) +
           "\" text-anchor=\"end\" fill=\"#1b1e24\">" + xml_text(bots[b]) + "</text>\n";
    std::vector<double> values;
    std::size_t k = 0;
    for (const game_result& o : outcomes) {
      if (o.bot != bots[b] || !o.played) continue;
      values.push_back(value_of(o, metric));
      // Spread over the row's height (the same every time), so dots at one
      // value stay apart.
      const double jitter = (static_cast<double>((k++ * 7919) % 23) / 22.0 - 0.5) * row * 0.55;
      svg += "<circle cx=\"" + number(x_of(values.back())) + "\" cy=\"" + number(middle + jitter) +
             "\" r=\"3\" fill=\"#2563eb\" fill-opacity=\"0.45\"/>\n";
    }
    if (values.empty()) continue;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    const double median = n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    const double x = x_of(median);
    svg += "<line x1=\"" + number(x) + "\" y1=\"" + number(middle - row * 0.4) + "\" x2=\"" +
           number(x) + "\" y2=\"" + number(middle + row * 0.4) +
           "\" stroke=\"#d6336c\" stroke-width=\"3\"><title>median " + xml_text(bots[b]) + " " +
           std::to_string(median) + "</title></line>\n";
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace ariadne
