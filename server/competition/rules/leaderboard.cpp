#include "server/competition/rules/leaderboard.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <string_view>

#include "server/competition/rules/competition_rules.hpp"

namespace ariadne {

namespace {

using json = nlohmann::json;

}  // namespace

void add_run(mark_table& marks, const ranked_run_record& r) {
  if (!counts(r.status)) return;
  challenge_mark& m = marks[{r.competitor, r.challenge}];
  touch(m);
  // The attempts that count are numbered 1, 2, ... (an interrupted one's
  // number is dealt again), whatever the mazes of each.
  m.attempts = std::max(m.attempts, r.attempt);
  if (ended(r.status)) take_result(m, r);
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
  a.mazes.push_back({r.status == ranked_status::found, r.score, r.optimal, r.reference});
  if (a.mazes.size() == 1 || a.status == "found") a.status = to_string(r.status);
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
  std::vector<std::vector<maze_played>> attempts;
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

// Totals, places and verdicts of rows whose marks the rule was applied to.
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
  const auto verdicts = decided_of(
      rows, [](const leaderboard_row& row) { return std::pair(row.total, row.total_error); });
  for (std::size_t i = 0; i < rows.size(); ++i)
    rows[i].decided = verdicts[i];
  return rows;
}

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
                    apply_rule(m, {});  // not played
                    return m;
                  }
                  static_cast<mark_figures&>(m) = it->second;
                  if (with_attempts) m.played = it->second.played;
                  return m;
                }));
}

std::vector<bool> decided_of(
    const std::vector<leaderboard_row>& rows,
    const std::function<std::pair<double, double>(const leaderboard_row&)>& figures) {
  const auto apart = [&](const leaderboard_row& a, const leaderboard_row& b) {
    const auto [ta, ea] = figures(a);
    const auto [tb, eb] = figures(b);
    return a.total_error_known && b.total_error_known &&
           std::abs(ta - tb) > 2 * std::sqrt(ea * ea + eb * eb);
  };
  std::vector<bool> decided(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    decided[i] = (i == 0 || apart(rows[i - 1], rows[i])) &&
                 (i + 1 == rows.size() || apart(rows[i], rows[i + 1]));
  }
  return decided;
}

}  // namespace ariadne
