#include "server/competition/leaderboard.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <string_view>

#include "server/competition/competition_rules.hpp"
#include "server/competition/text_cells.hpp"

namespace ariadne {

namespace {

using json = nlohmann::json;

}  // namespace

void add_run(mark_table& marks, const ranked_run_record& r) {
  if (r.status == "interrupted") return;
  challenge_mark& m = marks[{r.competitor, r.challenge}];
  touch(m);
  // The attempts that count are numbered 1, 2, ... (an interrupted one's
  // number is dealt again), whatever the mazes of each.
  m.attempts = std::max(m.attempts, r.attempt);
  if (r.status != "in_play") take_result(m, r);
}

namespace {

void show(challenge_mark& m, const attempt_figures& a, double mark) {
  m.mark = mark;
  m.status = a.status;
  m.steps = a.steps;
  m.bumps = a.bumps;
  m.score = a.score;
  m.optimal = a.optimal;
  m.reached_at_ms = a.ended_at_ms;
  m.best_attempt = a.attempt;
}

}  // namespace

void touch(challenge_mark& m) {
  static std::atomic<std::uint64_t> versions{0};
  m.version = versions.fetch_add(1, std::memory_order_relaxed) + 1;
}

void take_result(challenge_mark& m, const ranked_run_record& r) {
  touch(m);
  attempt_figures& a = m.played[r.attempt];
  a.mazes.push_back({r.status == "found", r.score, r.optimal, r.reference});
  if (a.mazes.size() == 1 || a.status == "found") a.status = r.status;
  a.steps += r.steps;
  a.bumps += r.bumps;
  a.score += r.score;
  a.optimal += r.optimal;
  a.ended_at_ms = std::max(a.ended_at_ms, r.ended_at_ms);
  a.attempt = r.attempt;
  if (r.run != 0) a.runs.push_back(r.run);
}

challenge_scoring scoring_of(const challenge_record& challenge) {
  challenge_scoring s;
  const json doc = json::parse(challenge.definition, nullptr, false);
  if (!doc.is_object()) return s;
  if (const auto it = doc.find("attempts"); it != doc.end() && it->is_number_unsigned()) {
    s.attempts = it->get<std::uint32_t>();
  }
  if (const auto it = doc.find("mazes"); it != doc.end() && it->is_number_unsigned()) {
    s.mazes = it->get<std::uint32_t>();
  }
  if (const auto it = doc.find("mark"); it != doc.end() && it->is_string()) {
    s.mark = parse_mark_rule(it->get<std::string>()).value_or(mark_rule::sum_ratio);
  }
  if (const auto it = doc.find("keep"); it != doc.end() && it->is_string()) {
    s.keep = parse_attempts_rule(it->get<std::string>()).value_or(keep_before_sets);
  }
  if (const auto it = doc.find("move_budget"); it != doc.end() && it->is_number_unsigned()) {
    s.move_budget = it->get<std::uint64_t>();
  }
  return s;
}

void apply_rule(challenge_mark& m, const challenge_scoring& scoring) {
  m.attempts_played = static_cast<std::uint32_t>(m.played.size());
  if (m.played.empty()) {  // not played: nothing to show, and no doubt about it
    m.error_known = true;
    return;
  }
  std::vector<std::vector<maze_outcome>> attempts;
  bool first = true;
  for (const auto& entry : m.played) {
    // A plain reference: the lambda below may not capture a structured binding.
    const attempt_figures& figures = entry.second;
    attempts.push_back(figures.mazes);
    const double ratio =
        attempt_mark(scoring.mark, figures.mazes, scoring.mazes, scoring.move_budget);
    // A set left with mazes to play has not found them all.
    const bool unfinished = figures.status == "found" && figures.mazes.size() < scoring.mazes;
    const std::string status = unfinished ? "unfinished" : figures.status;
    m.found = m.found || status == "found";
    const attempt_figures& b = m.best;
    const bool better = first || ratio > b.ratio ||
                        (ratio == b.ratio &&
                         (figures.ended_at_ms < b.ended_at_ms ||
                          (figures.ended_at_ms == b.ended_at_ms && figures.attempt < b.attempt)));
    const auto shown_as = [&](attempt_figures& to) {
      to = figures;
      to.ratio = ratio;
      to.status = status;
    };
    if (better) shown_as(m.best);
    shown_as(m.latest);  // the map is in attempt order
    first = false;
  }
  // Every attempt recorded counts, even past a definition's (a test's) count.
  const auto allowed =
      std::max<std::uint32_t>(scoring.attempts, static_cast<std::uint32_t>(attempts.size()));
  const double mark = challenge_mark_of(scoring.mark, scoring.keep, attempts, allowed,
                                        scoring.mazes, scoring.move_budget);
  show(m, scoring.keep == attempts_rule::best ? m.best : m.latest, mark);
  m.error = challenge_mark_error_of(scoring.mark, scoring.keep, attempts, allowed, scoring.mazes,
                                    scoring.move_budget);
  m.error_known = (scoring.keep == attempts_rule::all ? allowed : 1) * scoring.mazes >= 2;
}

mark_table marks_of(const std::vector<ranked_run_record>& runs) {
  mark_table marks;
  for (const ranked_run_record& r : runs)
    add_run(marks, r);
  return marks;
}

std::vector<leaderboard_row> rank_competitors(const std::vector<challenge_record>& challenges,
                                              const std::vector<competitor_record>& competitors,
                                              const std::vector<ranked_run_record>& runs) {
  return rank_competitors(challenges, competitors, marks_of(runs));
}

namespace {

// A row for each competitor not revoked, in id order; mark_of(id, i) gives
// its mark on challenge i, the rule applied.
template <typename MarkOf>
std::map<std::int64_t, leaderboard_row> rows_of(const std::vector<competitor_record>& competitors,
                                                std::size_t challenges, const MarkOf& mark_of) {
  std::map<std::int64_t, leaderboard_row> by_id;
  for (const competitor_record& c : competitors) {
    if (c.revoked) continue;
    leaderboard_row row;
    row.competitor = c.name;
    row.challenges.reserve(challenges);
    for (std::size_t i = 0; i < challenges; ++i)
      row.challenges.push_back(mark_of(c.id, i));
    by_id.emplace(c.id, std::move(row));
  }
  return by_id;
}

std::vector<leaderboard_row> ranked(const std::vector<challenge_record>& challenges,
                                    std::map<std::int64_t, leaderboard_row> by_id);

}  // namespace

std::vector<leaderboard_row> rank_competitors(const std::vector<challenge_record>& challenges,
                                              const std::vector<competitor_record>& competitors,
                                              const mark_table& marks) {
  std::vector<challenge_scoring> scoring;
  for (const challenge_record& c : challenges)
    scoring.push_back(scoring_of(c));
  return ranked(challenges,
                rows_of(competitors, challenges.size(), [&](std::int64_t id, std::size_t i) {
                  const auto it = marks.find({id, challenges[i].id});
                  challenge_mark m = it == marks.end() ? challenge_mark{} : it->second;
                  apply_rule(m, scoring[i]);
                  return m;
                }));
}

std::vector<leaderboard_row> rank_applied(const std::vector<challenge_record>& challenges,
                                          const std::vector<competitor_record>& competitors,
                                          const mark_table& applied, bool with_attempts) {
  return ranked(challenges,
                rows_of(competitors, challenges.size(), [&](std::int64_t id, std::size_t i) {
                  challenge_mark m;
                  const auto it = applied.find({id, challenges[i].id});
                  if (it == applied.end()) {
                    m.error_known = true;  // as apply_rule leaves a mark not played
                    return m;
                  }
                  static_cast<mark_figures&>(m) = it->second;
                  if (with_attempts) m.played = it->second.played;
                  return m;
                }));
}

namespace {

std::vector<leaderboard_row> ranked(const std::vector<challenge_record>& challenges,
                                    std::map<std::int64_t, leaderboard_row> by_id) {
  double weights = 0;
  for (const challenge_record& c : challenges)
    weights += c.weight;
  std::vector<leaderboard_row> rows;
  for (auto& [id, row] : by_id) {
    double sum = 0;
    double squares = 0;
    // Known when something measured it: a challenge of one maze adds
    // nothing (its luck is not measured), one not played adds no doubt.
    bool played = false;
    bool measured = false;
    for (std::size_t i = 0; i < challenges.size(); ++i) {
      const challenge_mark& m = row.challenges[i];
      sum += challenges[i].weight * m.mark;
      const bool played_here = m.attempts_played > 0;
      played = played || played_here;
      measured = measured || (played_here && m.error_known);
      if (m.error_known) squares += challenges[i].weight * challenges[i].weight * m.error * m.error;
      if (m.found) ++row.found;
      if (m.mark > 0) row.reached_at_ms = std::max(row.reached_at_ms, m.reached_at_ms);
    }
    row.total_error_known = measured || !played;
    row.total = weights > 0 ? 100.0 * sum / weights : 0;
    row.total_error = weights > 0 ? 100.0 * std::sqrt(squares) / weights : 0;
    rows.push_back(std::move(row));
  }
  const auto ahead = [](const leaderboard_row& a, const leaderboard_row& b) {
    if (a.total != b.total) return a.total > b.total;
    if (a.found != b.found) return a.found > b.found;
    return a.reached_at_ms < b.reached_at_ms;
  };
  std::stable_sort(rows.begin(), rows.end(), [&](const auto& a, const auto& b) {
    if (ahead(a, b) || ahead(b, a)) return ahead(a, b);
    return a.competitor < b.competitor;
  });
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const bool tied = i > 0 && !ahead(rows[i - 1], rows[i]);
    rows[i].rank = tied ? rows[i - 1].rank : static_cast<std::uint32_t>(i + 1);
  }
  const auto apart = [](const leaderboard_row& a, const leaderboard_row& b) {
    return a.total_error_known && b.total_error_known &&
           std::abs(a.total - b.total) >
               2 * std::sqrt(a.total_error * a.total_error + b.total_error * b.total_error);
  };
  for (std::size_t i = 0; i < rows.size(); ++i) {
    rows[i].decided = (i == 0 || apart(rows[i - 1], rows[i])) &&
                      (i + 1 == rows.size() || apart(rows[i], rows[i + 1]));
  }
  return rows;
}

// A figure as published: exact with the details, else to `decimals` places
// (17 digits of optimal / score would give the fraction itself; a total is
// 100 x a weighted mean of marks, so it gets two places fewer than a mark).
double shown(double value, bool details, int decimals) {
  if (details) return value;
  const double scale = std::pow(10.0, decimals);
  return std::round(value * scale) / scale;
}

}  // namespace

std::string leaderboard_json(const std::string& competition, std::int64_t generated_at_ms,
                             const std::vector<challenge_record>& challenges,
                             const std::vector<leaderboard_row>& rows, std::size_t ranked_runs,
                             bool details, bool replays) {
  json list = json::array();
  for (const leaderboard_row& row : rows) {
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
                 {"decided", row.decided},
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
  std::string value = text;
  // A cell a spreadsheet would take for a formula is made text (OWASP's rule).
  if (!value.empty() && std::string_view("=+-@\t\r").find(value[0]) != std::string_view::npos) {
    value.insert(value.begin(), '\'');
  }
  // Quoted when it holds a separator of any locale (a comma or a semicolon),
  // a quote or a line break: "a;=cmd" stays one cell, never a formula cell.
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
  for (const leaderboard_row& row : rows) {
    out +=
        std::to_string(row.rank) + "," + csv_field(row.competitor) + "," +
        fixed_places(row.total, details ? 6 : 0) + "," + std::to_string(row.found) + "," +
        (row.total_error_known ? fixed_places(row.total_error, details ? 6 : 0) : std::string()) +
        "," + (row.decided ? "yes" : "no");
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
