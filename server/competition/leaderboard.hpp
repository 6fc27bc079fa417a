#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "server/store/results_store.hpp"

namespace ariadne {

// A competitor's standing on one challenge: the best attempt's figures.
struct challenge_mark {
  double mark = 0;     // the best ratio over its attempts; 0 when not played
  std::string status;  // of the best attempt; empty when not played
  std::uint64_t steps = 0;
  std::uint64_t bumps = 0;
  std::uint64_t score = 0;
  std::uint64_t optimal = 0;
  std::uint32_t attempts = 0;      // attempts used (ended or in play)
  std::int64_t reached_at_ms = 0;  // when the best attempt ended
  std::uint32_t best_attempt = 0;
};

// Every competitor's marks: (competitor id, challenge id) -> its mark.
using mark_table = std::map<std::pair<std::int64_t, std::string>, challenge_mark>;

// Takes one ranked run into the table: an attempt used (unless interrupted),
// and for an ended run its result (take_result).
void add_run(mark_table& marks, const ranked_run_record& run);
// An ended run's ratio against the best so far. The best is the highest
// ratio, then the earliest end, then the lowest attempt: the same table
// whatever order the runs come in.
void take_result(challenge_mark& mark, const ranked_run_record& run);
// add_run for every run.
mark_table marks_of(const std::vector<ranked_run_record>& runs);

struct leaderboard_row {
  std::uint32_t rank = 0;
  std::string competitor;
  double total = 0;
  std::uint32_t found = 0;                 // challenges with a found attempt
  std::int64_t reached_at_ms = 0;          // when the total was reached (0: never played)
  std::vector<challenge_mark> challenges;  // in the order of the challenges given
};

// Ranks every competitor that is not revoked. total = 100 x sum(weight x
// mark) / sum(weight); ranked by total, then challenges found, then who
// reached the total first; rows equal on all three share a rank.
std::vector<leaderboard_row> rank_competitors(const std::vector<challenge_record>& challenges,
                                              const std::vector<competitor_record>& competitors,
                                              const mark_table& marks);
// The same from the runs themselves (ariadne-admin reads them from the store).
std::vector<leaderboard_row> rank_competitors(const std::vector<challenge_record>& challenges,
                                              const std::vector<competitor_record>& competitors,
                                              const std::vector<ranked_run_record>& runs);

// The leaderboard as /api/leaderboard serves it. Without details each
// challenge shows only its mark, status and attempts (steps, bumps, score and
// optimal are null): with shared seeds, a best run's optimal would tell the
// others the treasure's distance in that deal before the close.
std::string leaderboard_json(const std::string& competition, std::int64_t generated_at_ms,
                             const std::vector<challenge_record>& challenges,
                             const std::vector<leaderboard_row>& rows, std::size_t ranked_runs,
                             bool details = true);
// One line per competitor: rank, competitor, total, found, then each
// challenge's mark, status and score.
std::string leaderboard_csv(const std::vector<challenge_record>& challenges,
                            const std::vector<leaderboard_row>& rows, bool details = true);
// For a terminal.
std::string leaderboard_table(const std::vector<challenge_record>& challenges,
                              const std::vector<leaderboard_row>& rows);

// Quotes a CSV field when it needs it; a leading =, +, - or @ is prefixed
// with ' so that a spreadsheet never reads a name as a formula.
std::string csv_field(const std::string& text);

}  // namespace ariadne
