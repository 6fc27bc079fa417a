#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/model/run_result.hpp"
#include "core/model/wire_names.hpp"

namespace ariadne {

// How one maze of an attempt went, as a mark sees it.
struct maze_played {
  bool found = false;         // every treasure found
  std::uint64_t score = 0;    // steps + bump penalty x bumps
  std::uint64_t optimal = 0;  // the shortest path, summed over the treasures
  // The reference bot's cost on the same maze and treasures (only the
  // reference marks read it; the server plays it when it deals the maze).
  std::uint64_t reference = 0;
};

// How a run went, as a mark sees it.
maze_played played_of(const run_result& result, std::uint64_t reference = 0);

// What a maze costs in a mark's sums: the score of a maze found (never below
// its optimal), the whole move budget of one that was not (a maze never
// played, abandoned or timed out costs as much as one exhausted, so giving up
// never pays).
std::uint64_t maze_cost(const maze_played& outcome, std::uint64_t budget);

// The marks an attempt (a set of mazes) can get (0 to 1; the reference marks
// above 1 for a competitor better than the reference bot). Measured
// against each other in docs/competition.md (ariadne-admin simulate
// --compare-marks).
enum class mark_rule {
  // sum of the optimal paths of the mazes found / sum of the costs: the default
  sum_ratio,
  // Measured, not offered. The mean over the mazes of optimal / cost for a
  // maze found, 0 for the others (lucky mazes dominate it: a random walk
  // ranks above better bots); the geometric mean of optimal / cost; the
  // reference bot's costs against the competitor's, summed or averaged.
  mean_ratio,
  geometric,
  reference_sum,
  reference_mean,
  count,  // not a mark: how many there are (wire_names)
};

// Which attempts of a challenge make its mark.
enum class attempts_rule {
  // Every attempt allowed, their mazes marked as one set, the mazes of an
  // attempt not played counting as not found: the default (stopping after a
  // lucky attempt never pays, and more attempts measure better).
  all,
  best,   // the best attempt's mark
  last,   // the latest attempt's mark
  count,  // not a rule: how many there are (wire_names)
};

// The mark of one attempt of `mazes` mazes from the outcomes of those played
// (in order; the mazes not played count as not found). budget is a maze's
// move limit.
double attempt_mark(mark_rule rule, std::span<const maze_played> played, std::uint32_t mazes,
                    std::uint64_t budget);

// A challenge's mark from its attempts: the mazes played of each attempt
// started, in order, of `allowed` attempts of `mazes` mazes.
double challenge_mark_of(mark_rule mark, attempts_rule keep,
                         std::span<const std::vector<maze_played>> attempts, std::uint32_t allowed,
                         std::uint32_t mazes, std::uint64_t budget);

// The standard error of an attempt's sum_ratio or mean_ratio mark, from the
// spread of its mazes (0 with fewer than two mazes): the delta method for a
// ratio of sums, the sample's for a mean.
double attempt_mark_error(mark_rule rule, std::span<const maze_played> played, std::uint32_t mazes,
                          std::uint64_t budget);
// The same for a challenge's mark: over every maze allowed with `all` (those
// not played count, as in the mark), over the attempt kept otherwise.
double challenge_mark_error_of(mark_rule mark, attempts_rule keep,
                               std::span<const std::vector<maze_played>> attempts,
                               std::uint32_t allowed, std::uint32_t mazes, std::uint64_t budget);

// The rules' names in a competition file and in the figures.
inline constexpr wire_names<mark_rule> mark_rule_names({"sum_ratio", "mean_ratio", "geometric",
                                                        "reference_sum", "reference_mean"});
static_assert(mark_rule_names.complete(), "every mark needs its own name");
inline constexpr wire_names<attempts_rule> attempts_rule_names({"all", "best", "last"});
static_assert(attempts_rule_names.complete(), "every keep rule needs its own name");
std::string_view to_string(mark_rule rule);
std::string_view to_string(attempts_rule rule);
std::optional<mark_rule> parse_mark_rule(std::string_view name);
std::optional<attempts_rule> parse_attempts_rule(std::string_view name);
// A file's keep when it says none; and the rule of a stored definition that
// says none (written before keep existed: every challenge kept its best).
inline constexpr attempts_rule default_keep = attempts_rule::all;
inline constexpr attempts_rule keep_before_sets = attempts_rule::best;
inline constexpr attempts_rule every_attempts_rule[] = {attempts_rule::all, attempts_rule::best,
                                                        attempts_rule::last};
// How a challenge's attempts make its mark.
struct challenge_scoring {
  std::uint32_t attempts = 1;
  std::uint32_t mazes = 1;
  mark_rule mark = mark_rule::sum_ratio;
  attempts_rule keep = keep_before_sets;
  std::uint64_t move_budget = 0;
};

// The marks a competition file may choose: the measured ones that rank the
// bundled bots in their order (docs/competition.md, "Choosing the mark").
// reference_sum has the server play the reference bot (frontier) offline on
// every maze it deals, so its mazes stay small.
inline constexpr mark_rule offered_marks[] = {mark_rule::sum_ratio, mark_rule::reference_sum};
inline constexpr std::string_view reference_bot = "frontier";
inline constexpr std::int64_t reference_max_cells = 64 * 64;
inline constexpr mark_rule measured_marks[] = {mark_rule::sum_ratio, mark_rule::mean_ratio,
                                               mark_rule::geometric, mark_rule::reference_sum,
                                               mark_rule::reference_mean};

}  // namespace ariadne
