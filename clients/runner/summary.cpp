#include "clients/runner/summary.hpp"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

namespace ariadne {

namespace {

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

}  // namespace

summary summarize(const std::string& bot, const std::vector<game_result>& all) {
  summary s;
  s.bot = bot;
  std::vector<double> steps;
  std::vector<double> bumps;
  std::vector<double> efficiency;
  for (const game_result& o : all) {
    if (o.bot != bot) continue;
    ++s.runs;
    if (!o.played) {
      ++s.errors;
      continue;
    }
    if (o.result.status == run_status::found) ++s.found;
    steps.push_back(static_cast<double>(o.result.steps));
    bumps.push_back(static_cast<double>(o.result.bumps));
    efficiency.push_back(o.result.efficiency);
    s.worst_steps = std::max(s.worst_steps, o.result.steps);
  }
  s.median_steps = median(steps);
  s.median_bumps = median(bumps);
  s.median_efficiency = median(efficiency);
  double total = 0;
  for (const double v : steps)
    total += v;
  s.mean_steps = steps.empty() ? 0 : total / static_cast<double>(steps.size());
  return s;
}

std::string run_numbers(const std::string& bot, const std::vector<game_result>& all) {
  std::vector<std::uint64_t> runs;
  for (const game_result& g : all) {
    if (g.bot == bot && g.run != 0) runs.push_back(g.run);
  }
  if (runs.empty()) return "no run";
  std::sort(runs.begin(), runs.end());
  std::string text = runs.size() == 1 ? "run " : "runs ";
  for (std::size_t i = 0; i < runs.size();) {
    std::size_t j = i;
    while (j + 1 < runs.size() && runs[j + 1] == runs[j] + 1)
      ++j;
    if (i > 0) text += ", ";
    text += std::to_string(runs[i]);
    if (j > i) text += "-" + std::to_string(runs[j]);
    i = j + 1;
  }
  return text;
}

std::string format_table(const std::vector<summary>& rows) {
  std::ostringstream out;
  char line[256];
  std::snprintf(line, sizeof line, "%-14s %6s %6s %12s %12s %12s %10s %11s\n", "bot", "runs",
                "found", "median steps", "mean steps", "median bumps", "median eff", "worst steps");
  out << line;
  for (const summary& s : rows) {
    std::snprintf(line, sizeof line, "%-14s %6zu %6zu %12.1f %12.1f %12.1f %10.3f %11llu\n",
                  s.bot.c_str(), s.runs, s.found, s.median_steps, s.mean_steps, s.median_bumps,
                  s.median_efficiency, static_cast<unsigned long long>(s.worst_steps));
    out << line;
  }
  return out.str();
}

nlohmann::json games_json(const std::vector<game_result>& outcomes,
                          const std::vector<summary>& rows, const maze_options& maze) {
  using json = nlohmann::json;
  const auto sides = maze.maze.empty() ? parse_size(maze.size) : std::nullopt;
  json doc = {{"runs", json::array()}, {"summary", json::array()}};
  for (const game_result& out : outcomes) {
    json run_json = {{"bot", out.bot}, {"seed", out.seed}};
    if (out.run != 0) run_json["run"] = out.run;
    if (maze.maze.empty()) {
      run_json["generator"] = maze.generator;
      run_json["width"] = sides ? sides->first : 0;
      run_json["height"] = sides ? sides->second : 0;
      run_json["loops"] = maze.loops;
    } else {
      run_json["maze"] = maze.maze;
    }
    if (out.played) {
      run_json["status"] = to_string(out.result.status);
      run_json["steps"] = out.result.steps;
      run_json["bumps"] = out.result.bumps;
      run_json["score"] = out.result.score;
      run_json["optimal"] = out.result.optimal;
      run_json["efficiency"] = out.result.efficiency;
    } else {
      run_json["status"] = "error";
      run_json["error"] = out.error;
    }
    doc["runs"].push_back(run_json);
  }
  for (const summary& s : rows) {
    doc["summary"].push_back({{"bot", s.bot},
                              {"runs", s.runs},
                              {"found", s.found},
                              {"errors", s.errors},
                              {"median_steps", s.median_steps},
                              {"mean_steps", s.mean_steps},
                              {"median_bumps", s.median_bumps},
                              {"median_efficiency", s.median_efficiency},
                              {"worst_steps", s.worst_steps}});
  }
  return doc;
}

}  // namespace ariadne
