#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/competition/rules/marks.hpp"
#include "tools/simulation/simulation.hpp"

namespace ariadne {

// How a challenge is played and marked: its file's design, or one that
// simulate tries instead.
struct challenge_design {
  std::uint32_t mazes = 1;
  std::uint32_t attempts = 1;
  mark_rule mark = mark_rule::sum_ratio;
  attempts_rule keep = default_keep;
};

// One bot's marks (or totals) over the secrets.
struct bot_figures {
  std::string bot;
  double strength = 0;  // its mark over every maze played, as one set: the true order's key
  double mean = 0;      // the mean over the secrets
  double spread = 0;    // their standard deviation
  double low = 0;       // 5% of the secrets below
  double high = 0;      // 5% above
};

// Two bots next to each other in the true order: how often they are ranked so.
struct pair_figures {
  std::string ahead;
  std::string behind;
  double right = 0;   // fraction of the secrets
  bool tied = false;  // strengths within 1%: either order counts as right
};

struct ranking_figures {
  std::vector<bot_figures> bots;  // in the true order, strongest first
  double order_right = 0;         // fraction of the secrets ranking all bots in the true order
  std::vector<pair_figures> pairs;
  // The smallest number of mazes an attempt needs (attempts as designed) for
  // the order to come out right 95% of the time, estimated by resampling the
  // mazes played; nullopt when none up to the largest tried does.
  std::optional<std::uint32_t> mazes_for_95;
};

struct challenge_figures {
  std::string challenge;
  challenge_design design;
  ranking_figures ranking;
  // order_right with each attempts rule, the rest of the design as it is.
  std::vector<std::pair<attempts_rule, double>> by_keep;
};

struct competition_figures {
  std::uint32_t runs = 0;
  std::string secret;
  seed_mode seeds = seed_mode::shared;
  std::vector<std::string> bots;
  std::vector<challenge_figures> challenges;
  ranking_figures totals;  // 100 x the weighted mean of the marks; mazes_for_95: every challenge's
};

// The share of competitions ranked in the true order that makes a design
// reliable (mazes_for_95 looks for it; the report's verdict states it).
inline constexpr double reliable_share = 0.95;
// Bots whose strengths are within this fraction of each other count as tied.
inline constexpr double tied_strengths = 0.01;
// The set sizes resampling tries for mazes_for_95.
inline constexpr std::uint32_t tried_set_sizes[] = {1,  2,  3,  4,  5,  6,  8,   10,  12,  15, 20,
                                                    25, 30, 40, 50, 60, 80, 100, 150, 200, 300};

// The figures of the plays under each challenge's design.
competition_figures measure_competition(const competition_plays& plays,
                                        const simulation_options& options);

// --compare-marks: each measured mark against the bots' true strength taken
// from the mazes themselves (the median cost of a maze, so that no mark
// judges itself), on sets of 1 to 30 mazes resampled from those played (the
// same sets for every mark).
struct mark_comparison_row {
  mark_rule mark = mark_rule::sum_ratio;
  std::uint32_t mazes = 1;
  double whole_order = 0;  // every bot in its place
  double close_pair = 0;   // `ahead` above `behind`
  double weakest_last = 0;
};

struct mark_comparison {
  const challenge* rules = nullptr;
  std::size_t mazes_played = 0;                                     // per bot
  std::vector<std::pair<std::string, std::uint64_t>> median_costs;  // strongest first
  // The closest neighbours in that order at least 5% apart: the pair a good
  // mark must tell apart. And the weakest bot.
  std::string ahead;
  std::string behind;
  std::string weakest;
  std::vector<mark_comparison_row> rows;
};

inline constexpr std::uint32_t compared_set_sizes[] = {1, 5, 10, 20, 30};

std::vector<mark_comparison> compare_marks(const competition_plays& plays);

}  // namespace ariadne
