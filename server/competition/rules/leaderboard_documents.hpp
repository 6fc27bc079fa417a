#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "server/competition/rules/leaderboard.hpp"

namespace ariadne {

// The leaderboard as /api/leaderboard serves it. Without details each
// challenge shows only its mark, status and attempts (steps, bumps, score and
// optimal are null): with shared seeds, a best run's optimal would tell the
// others the treasure's distance in that deal before the close. With
// replays (once ranked replays are published) each challenge also lists its
// attempts' runs: "replays": [{"attempt": 1, "runs": [12, 13, ...]}, ...].
std::string leaderboard_json(const std::string& competition, std::int64_t generated_at_ms,
                             const std::vector<challenge_record>& challenges,
                             const std::vector<leaderboard_row>& rows, std::size_t ranked_runs,
                             bool details = true, bool replays = false);
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
