#include "server/competition/rules/leaderboard_documents.hpp"

#include <cmath>
#include <nlohmann/json.hpp>
#include <string_view>

#include "core/model/utc_time.hpp"
#include "server/competition/rules/text_cells.hpp"

namespace ariadne {

using json = nlohmann::json;

namespace {

// A figure as published: exact with the details, else to `decimals` places
// (17 digits of optimal / score would give the fraction itself; a total is
// 100 x a weighted mean of marks, so it gets two places fewer than a mark).
double shown(double value, bool details, int decimals) {
  if (details) return value;
  const double scale = std::pow(10.0, decimals);
  return std::round(value * scale) / scale;
}

// The verdicts as published: without the details, from the rounded totals
// and errors (from the exact ones, each would tell a little more of them).
std::vector<bool> shown_decided(const std::vector<leaderboard_row>& rows, bool details) {
  return decided_of(rows, [details](const leaderboard_row& row) {
    return std::pair(shown(row.total, details, 0), shown(row.total_error, details, 0));
  });
}

bool starts_formula(char c) {
  return std::string_view("=+-@\t\r").find(c) != std::string_view::npos;
}

}  // namespace

std::string leaderboard_json(const std::string& competition, std::int64_t generated_at_ms,
                             const std::vector<challenge_record>& challenges,
                             const std::vector<leaderboard_row>& rows, std::size_t ranked_runs,
                             bool details, bool replays) {
  json list = json::array();
  const auto decided = shown_decided(rows, details);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const leaderboard_row& row = rows[r];
    json marks = json::object();
    for (std::size_t i = 0; i < challenges.size(); ++i) {
      const challenge_mark& m = row.challenges[i];
      // An error is rounded as its mark: the two give a set's mazes' ratios
      // no finer than a mark of one maze does.
      json cell = {{"mark", shown(m.mark, details, 2)},
                   {"error", m.error_known ? json(shown(m.error, details, 2)) : json(nullptr)},
                   {"attempts", m.attempts},
                   {"steps", m.steps},
                   {"bumps", m.bumps},
                   {"score", m.score},
                   {"optimal", m.optimal}};
      cell["status"] = m.status.empty() ? json(nullptr) : json(m.status);
      if (!details) {
        for (const char* hidden : {"steps", "bumps", "score", "optimal"})
          cell[hidden] = nullptr;
      }
      if (replays) {
        json attempts = json::array();
        for (const auto& [number, figures] : m.played)
          attempts.push_back({{"attempt", number}, {"runs", figures.runs}});
        cell["replays"] = std::move(attempts);
      }
      marks[challenges[i].id] = std::move(cell);
    }
    json item = {{"rank", row.rank},
                 {"competitor", row.competitor},
                 {"total", shown(row.total, details, 0)},
                 {"total_error",
                  row.total_error_known ? json(shown(row.total_error, details, 0)) : json(nullptr)},
                 {"decided", static_cast<bool>(decided[r])},
                 {"found", row.found},
                 {"challenges", std::move(marks)}};
    item["reached_at"] =
        row.reached_at_ms > 0 ? json(format_time(from_unix_ms(row.reached_at_ms))) : json(nullptr);
    list.push_back(std::move(item));
  }
  json doc = {{"competition", competition},
              {"generated_at", format_time(from_unix_ms(generated_at_ms))},
              {"ranked_runs", ranked_runs},
              {"rows", std::move(list)}};
  return doc.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string csv_field(const std::string& text) {
  // A cell a spreadsheet would take for a formula is made text (OWASP's rule).
  // So is any cell the text would start where the reader splits at ';' or
  // at a line break: there a quote in the middle of a line is no quote, and
  // "a;=cmd" would be the cells `"a` and `=cmd`.
  std::string value;
  value.reserve(text.size() + 2);
  bool cell_start = true;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (cell_start) {
      std::size_t next = i;
      while (next < text.size() && (text[next] == ' ' || text[next] == '"'))
        ++next;
      if (next < text.size() && starts_formula(text[next])) value += '\'';
    }
    value += c;
    cell_start = c == ',' || c == ';' || c == '\n' || c == '\r';
  }
  // Quoted when it holds a separator of any locale (a comma or a semicolon),
  // a quote or a line break, so that a reader splitting at ',' keeps it whole.
  if (value.find_first_of(",;\"\r\n\t") == std::string::npos) return value;
  std::string quoted = "\"";
  for (const char c : value) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

std::string leaderboard_csv(const std::vector<challenge_record>& challenges,
                            const std::vector<leaderboard_row>& rows, bool details) {
  std::string out = "rank,competitor,total,found,total_error,decided";
  for (const challenge_record& c : challenges) {
    out += "," + csv_field(c.id + ".mark") + "," + csv_field(c.id + ".status") + "," +
           csv_field(c.id + ".score");
  }
  out += "\n";
  const auto decided = shown_decided(rows, details);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const leaderboard_row& row = rows[r];
    out +=
        std::to_string(row.rank) + "," + csv_field(row.competitor) + "," +
        fixed_places(row.total, details ? 6 : 0) + "," + std::to_string(row.found) + "," +
        (row.total_error_known ? fixed_places(row.total_error, details ? 6 : 0) : std::string()) +
        "," + (decided[r] ? "yes" : "no");
    for (const challenge_mark& m : row.challenges) {
      out += "," + fixed_places(m.mark, details ? 6 : 2) + "," + m.status + "," +
             (m.status.empty() || !details ? std::string() : std::to_string(m.score));
    }
    out += "\n";
  }
  return out;
}

std::string leaderboard_table(const std::vector<challenge_record>& challenges,
                              const std::vector<leaderboard_row>& rows) {
  std::size_t name_width = 10;
  for (const leaderboard_row& row : rows)
    name_width = std::max(name_width, row.competitor.size());
  std::string out;
  out += padded("rank", 5) + padded("competitor", name_width + 2) + padded("total", 9) +
         padded("+-", 7) + padded("found", 7);
  for (const challenge_record& c : challenges)
    out += padded(c.id, std::max<std::size_t>(c.id.size(), 6) + 2);
  out += "\n";
  for (const leaderboard_row& row : rows) {
    out += padded(std::to_string(row.rank) + (row.decided ? "" : "?"), 5) +
           padded(row.competitor, name_width + 2) + padded(fixed_places(row.total, 2), 9) +
           padded(row.total_error_known ? fixed_places(row.total_error, 2) : "-", 7) +
           padded(std::to_string(row.found), 7);
    for (std::size_t i = 0; i < challenges.size(); ++i) {
      const challenge_mark& m = row.challenges[i];
      out += padded(m.status.empty() ? "-" : fixed_places(m.mark, 3),
                    std::max<std::size_t>(challenges[i].id.size(), 6) + 2);
    }
    out += "\n";
  }
  return out;
}

}  // namespace ariadne
