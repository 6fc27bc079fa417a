#include "server/competition/rules/board_history.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>

#include "server/competition/rules/leaderboard.hpp"

namespace ariadne {

std::string board_history_json(const std::vector<challenge_record>& challenges,
                               const std::vector<competitor_record>& competitors,
                               const std::vector<ranked_run_record>& runs, bool details,
                               std::size_t points, std::size_t leaders) {
  std::vector<const ranked_run_record*> ended;
  for (const ranked_run_record& r : runs) {
    if (r.ended_at_ms > 0 && ariadne::ended(r.status)) ended.push_back(&r);
  }
  std::sort(ended.begin(), ended.end(),
            [](const auto* a, const auto* b) { return a->ended_at_ms < b->ended_at_ms; });
  nlohmann::json times = nlohmann::json::array();
  nlohmann::json lines = nlohmann::json::array();
  if (ended.empty() || points == 0) {
    return nlohmann::json{{"times", times}, {"leaders", lines}}.dump() + "\n";
  }
  const std::int64_t first = ended.front()->ended_at_ms;
  const std::int64_t last = ended.back()->ended_at_ms;
  if (first == last) points = 1;
  // The leaders are the board's now; their totals at each moment.
  std::vector<std::string> names;
  for (const leaderboard_row& row : rank_competitors(challenges, competitors, runs)) {
    if (names.size() == leaders) break;
    if (row.reached_at_ms > 0) names.push_back(row.competitor);
  }
  std::map<std::string, std::vector<double>> totals;
  // The marks grow run by run as each moment passes: one pass over the runs.
  mark_table marks;
  std::size_t next = 0;
  for (std::size_t k = 0; k < points; ++k) {
    const std::int64_t at =
        points == 1 ? last
                    : first + static_cast<std::int64_t>(
                                  (static_cast<double>(last - first) * static_cast<double>(k)) /
                                  static_cast<double>(points - 1));
    while (next < ended.size() && ended[next]->ended_at_ms <= at)
      add_run(marks, *ended[next++]);
    std::map<std::string, double> board;
    for (const leaderboard_row& row : rank_competitors(challenges, competitors, marks))
      board[row.competitor] = row.total;
    times.push_back(at);
    for (const std::string& name : names) {
      const double total = board[name];
      totals[name].push_back(details ? std::round(total * 10) / 10 : std::round(total));
    }
  }
  for (const std::string& name : names)
    lines.push_back({{"competitor", name}, {"totals", totals[name]}});
  return nlohmann::json{{"times", times}, {"leaders", lines}}.dump(
             -1, ' ', false, nlohmann::json::error_handler_t::replace) +
         "\n";
}

std::shared_ptr<const std::string> board_history::update(
    const runs_fn& read_runs, const std::vector<challenge_record>& challenges,
    const std::vector<competitor_record>& competitors, std::size_t results, bool details,
    std::int64_t now_ms) {
  // Who is shown and as whom: a rename or a revocation redraws the lines.
  std::string who;
  for (const competitor_record& c : competitors)
    who += std::to_string(c.id) + (c.revoked ? "-" : "+") + c.name + '\n';
  const bool changed = results_ != results || details != details_ || who != competitors_;
  // The reveal is shown at once; more results wait out the interval.
  const bool due = !document_ || details != details_ || now_ms - built_at_ms_ >= min_interval_ms;
  if (!changed || !due) return document_;
  built_at_ms_ = now_ms;
  const std::optional<std::vector<ranked_run_record>> runs = read_runs();
  if (!runs) {
    // The board goes on; the plot stays as it was, and is tried again later.
    if (!document_)
      document_ = std::make_shared<const std::string>(
          board_history_json(challenges, competitors, {}, details));
    return document_;
  }
  document_ = std::make_shared<const std::string>(
      board_history_json(challenges, competitors, *runs, details));
  results_ = results;
  details_ = details;
  competitors_ = std::move(who);
  return document_;
}

}  // namespace ariadne
