#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "server/competition/records/records.hpp"
#include "server/competition/rules/marks.hpp"

namespace ariadne {

// One attempt's figures: its mazes' sums (one maze before sets), its mark
// by the challenge's rule (apply_rule), and its status: "found" when every
// maze of its set was found, "unfinished" while those ended so far were but
// the set has mazes left, else the first other maze's.
struct attempt_figures {
  double ratio = 0;
  std::string status;
  std::uint64_t steps = 0;
  std::uint64_t bumps = 0;
  std::uint64_t score = 0;
  std::uint64_t optimal = 0;
  std::int64_t ended_at_ms = 0;  // its latest maze's end
  std::uint32_t attempt = 0;
  std::vector<maze_played> mazes;   // each maze ended, in order
  std::vector<std::uint64_t> runs;  // their run numbers (their replays)
};

// What a leaderboard shows of a competitor's standing on one challenge, once
// apply_rule has set it.
struct mark_figures {
  double mark = 0;           // 0 when not played
  double error = 0;          // the mark's standard error, from the spread of its mazes
  bool error_known = false;  // the mark counts two mazes or more
  std::string status;        // of the attempt shown; empty when not played
  std::uint64_t steps = 0;
  std::uint64_t bumps = 0;
  std::uint64_t score = 0;
  std::uint64_t optimal = 0;
  std::uint32_t attempts = 0;         // attempts used (ended or in play)
  std::int64_t reached_at_ms = 0;     // when the attempt that set the mark last ended a maze
  std::uint32_t best_attempt = 0;     // the attempt shown
  bool found = false;                 // an attempt found every maze of its set
  std::uint32_t attempts_played = 0;  // attempts with a maze ended
};

// A competitor's standing on one challenge: its mark by the challenge's
// rules and the figures of the attempt shown (the best attempt with `best`,
// the latest one with `all` and `last`), and what they come from.
struct challenge_mark : mark_figures {
  // What every rule is computed from: each attempt's figures and mazes.
  std::map<std::uint32_t, attempt_figures> played;
  // A new number, unique in the process, at each change of played (touch):
  // a reader that keeps marks applied knows which to apply again.
  std::uint64_t version = 0;
  // Set by apply_rule: the attempt of the highest mark (then the earliest
  // end, then the lowest number), and the latest.
  attempt_figures best;
  attempt_figures latest;
};

// A challenge's scoring read back from its stored definition (a field
// absent there has its value of the days before sets).
challenge_scoring scoring_of(const challenge_record& challenge);
// Sets the mark and the figures shown from the attempts, by the rule.
void apply_rule(challenge_mark& mark, const challenge_scoring& scoring);

// Every competitor's marks: (competitor id, challenge id) -> its mark.
using mark_table = std::map<std::pair<std::int64_t, std::string>, challenge_mark>;

// Takes one ranked run into the table: an attempt used (unless interrupted),
// and for an ended run its result (take_result).
void add_run(mark_table& marks, const ranked_run_record& run);
// An ended run (one maze) into its attempt's figures; apply_rule marks them.
void take_result(challenge_mark& mark, const ranked_run_record& run);
// Gives the mark a new version: its attempts changed.
void touch(challenge_mark& mark);
// add_run for every run.
mark_table marks_of(const std::vector<ranked_run_record>& runs);

struct leaderboard_row {
  std::uint32_t rank = 0;
  std::string competitor;
  double total = 0;
  double total_error = 0;          // from the challenges' errors
  bool total_error_known = false;  // every challenge's is
  // The total is more than two standard errors from the rows above and
  // below it: its place is not the luck of the mazes. Never with a mark of
  // one maze, whose error nothing tells.
  bool decided = false;
  std::uint32_t found = 0;                 // challenges with a found attempt
  std::int64_t reached_at_ms = 0;          // when the total was reached (0: never played)
  std::vector<challenge_mark> challenges;  // in the order of the challenges given
};

// Ranks every competitor that is not revoked. Each challenge's mark by its
// rule (apply_rule); total = 100 x sum(weight x mark) / sum(weight); ranked
// by total, then challenges found (with a found attempt), then who reached
// the total first; rows equal on all three share a rank.
std::vector<leaderboard_row> rank_competitors(const std::vector<challenge_record>& challenges,
                                              const std::vector<competitor_record>& competitors,
                                              const mark_table& marks);
// The same from marks apply_rule was applied to, each with its scoring
// (a challenge with none ranks as not played). The rows' marks carry their
// attempts (played) only with_attempts (the replays list them): a board
// ranked often need not copy every attempt each time.
std::vector<leaderboard_row> rank_applied(const std::vector<challenge_record>& challenges,
                                          const std::vector<competitor_record>& competitors,
                                          const mark_table& applied, bool with_attempts);
// The same from the runs themselves (ariadne-admin reads them from the store).
std::vector<leaderboard_row> rank_competitors(const std::vector<challenge_record>& challenges,
                                              const std::vector<competitor_record>& competitors,
                                              const std::vector<ranked_run_record>& runs);

// Each row's verdict from its total and error as figures gives them: decided
// when more than two standard errors (of the two rows together) from the
// rows above and below, both errors known.
std::vector<bool> decided_of(
    const std::vector<leaderboard_row>& rows,
    const std::function<std::pair<double, double>(const leaderboard_row&)>& figures);

}  // namespace ariadne
