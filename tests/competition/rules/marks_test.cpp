#include "server/competition/rules/marks.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "core/model/run_result.hpp"

namespace ariadne {
namespace {

maze_played found_maze(std::uint64_t score, std::uint64_t optimal) {
  return {true, score, optimal, 0};
}

maze_played lost_maze(std::uint64_t score) {
  return {false, score, 40, 0};
}

TEST(marks, one_maze_is_the_runs_efficiency) {
  // A set of one maze marks exactly as a one-maze challenge always did.
  for (const auto& [score, optimal] :
       std::vector<std::pair<std::uint64_t, std::uint64_t>>{{179, 33}, {33, 33}, {0, 0}, {5, 0}}) {
    const std::vector<maze_played> set{found_maze(score, optimal)};
    const double expected = efficiency_of(run_status::found, score, optimal);
    EXPECT_DOUBLE_EQ(attempt_mark(mark_rule::sum_ratio, set, 1, 1000), expected);
    EXPECT_DOUBLE_EQ(attempt_mark(mark_rule::mean_ratio, set, 1, 1000), expected);
  }
  const std::vector<maze_played> failed{lost_maze(300)};
  EXPECT_EQ(attempt_mark(mark_rule::sum_ratio, failed, 1, 1000), 0);
  EXPECT_EQ(attempt_mark(mark_rule::mean_ratio, failed, 1, 1000), 0);
}

TEST(marks, sum_ratio_weighs_every_maze_by_its_cost) {
  // 10/20 and 90/100: the ratio of sums is 100/120, the mean of ratios 0.7.
  const std::vector<maze_played> set{found_maze(20, 10), found_maze(100, 90)};
  EXPECT_DOUBLE_EQ(attempt_mark(mark_rule::sum_ratio, set, 2, 1000), 100.0 / 120.0);
  EXPECT_DOUBLE_EQ(attempt_mark(mark_rule::mean_ratio, set, 2, 1000), 0.7);
}

TEST(marks, a_maze_not_found_costs_its_whole_budget) {
  // Abandoned after 5 moves or exhausted at the budget: the same cost, so
  // giving up early never pays.
  const std::vector<maze_played> early{found_maze(20, 10), lost_maze(5)};
  const std::vector<maze_played> late{found_maze(20, 10), lost_maze(1000)};
  EXPECT_DOUBLE_EQ(attempt_mark(mark_rule::sum_ratio, early, 2, 1000), 10.0 / 1020.0);
  EXPECT_DOUBLE_EQ(attempt_mark(mark_rule::sum_ratio, late, 2, 1000), 10.0 / 1020.0);
  // A bump penalty can take a score past the budget: the score counts then.
  const std::vector<maze_played> over{lost_maze(1500)};
  EXPECT_EQ(maze_cost(over[0], 1000), 1500U);
}

TEST(marks, unplayed_mazes_of_a_set_count_as_not_found) {
  const std::vector<maze_played> two{found_maze(20, 10), found_maze(40, 40)};
  // (An unplayed maze's optimal is unknown: the geometric mean takes it as 1.)
  const std::vector<maze_played> three{found_maze(20, 10), found_maze(40, 40), {false, 0, 1, 0}};
  for (const mark_rule rule : measured_marks) {
    EXPECT_DOUBLE_EQ(attempt_mark(rule, two, 3, 500), attempt_mark(rule, three, 3, 500))
        << to_string(rule);
  }
  // Outcomes past the set's size are not counted.
  EXPECT_DOUBLE_EQ(attempt_mark(mark_rule::sum_ratio, three, 1, 500), 0.5);
  EXPECT_EQ(attempt_mark(mark_rule::sum_ratio, {}, 4, 500), 0);
  EXPECT_EQ(attempt_mark(mark_rule::sum_ratio, two, 0, 500), 0);
}

TEST(marks, reference_marks_compare_with_the_reference_bot) {
  // The reference took 30 and 60 moves; the competitor 20 and 120.
  std::vector<maze_played> set{found_maze(20, 10), found_maze(120, 40)};
  set[0].reference = 30;
  set[1].reference = 60;
  EXPECT_DOUBLE_EQ(attempt_mark(mark_rule::reference_sum, set, 2, 1000), 90.0 / 140.0);
  EXPECT_DOUBLE_EQ(attempt_mark(mark_rule::reference_mean, set, 2, 1000), (1.5 + 0.5) / 2);
}

TEST(marks, geometric_mean_gives_a_maze_not_found_its_budgets_ratio) {
  const std::vector<maze_played> set{found_maze(40, 10), lost_maze(7)};
  EXPECT_NEAR(attempt_mark(mark_rule::geometric, set, 2, 1000), std::sqrt(0.25 * 40.0 / 1000),
              1e-12);
}

TEST(marks, attempts_rules) {
  // Three attempts of two mazes: 0.5, 1.0 and 0.25 when marked alone.
  const std::vector<std::vector<maze_played>> attempts{{found_maze(20, 10), found_maze(20, 10)},
                                                       {found_maze(10, 10), found_maze(30, 30)},
                                                       {found_maze(40, 10), found_maze(80, 20)}};
  const auto mark = [&](attempts_rule keep, std::size_t started, std::uint32_t allowed) {
    return challenge_mark_of(mark_rule::sum_ratio, keep, std::span(attempts).first(started),
                             allowed, 2, 100);
  };
  EXPECT_DOUBLE_EQ(mark(attempts_rule::best, 3, 3), 1.0);
  EXPECT_DOUBLE_EQ(mark(attempts_rule::last, 3, 3), 0.25);
  // All: every maze of every attempt as one set.
  EXPECT_DOUBLE_EQ(mark(attempts_rule::all, 3, 3), 90.0 / 200.0);
  // An attempt not started costs its mazes' budgets: stopping after a lucky
  // one does not pay.
  EXPECT_DOUBLE_EQ(mark(attempts_rule::all, 2, 3), 60.0 / (80.0 + 200.0));
  EXPECT_DOUBLE_EQ(mark(attempts_rule::all, 1, 1), 0.5);
  // A set not finished: its mazes not played cost their budgets too.
  const std::vector<std::vector<maze_played>> unfinished{{found_maze(20, 10)}};
  EXPECT_DOUBLE_EQ(
      challenge_mark_of(mark_rule::sum_ratio, attempts_rule::best, unfinished, 1, 2, 100),
      10.0 / 120.0);
  EXPECT_EQ(challenge_mark_of(mark_rule::sum_ratio, attempts_rule::last, {}, 3, 2, 100), 0);
  EXPECT_EQ(challenge_mark_of(mark_rule::sum_ratio, attempts_rule::all, {}, 3, 2, 100), 0);
  // Attempts past those allowed are not counted.
  EXPECT_DOUBLE_EQ(mark(attempts_rule::best, 3, 1), 0.5);
}

TEST(marks, standard_error_shrinks_with_more_mazes_and_is_zero_for_one) {
  const std::vector<maze_played> one{found_maze(20, 10)};
  EXPECT_EQ(attempt_mark_error(mark_rule::sum_ratio, one, 1, 1000), 0);
  std::vector<maze_played> few;
  std::vector<maze_played> many;
  for (int i = 0; i < 40; ++i) {
    const maze_played m = i % 2 ? found_maze(20, 10) : found_maze(50, 40);
    if (i < 4) few.push_back(m);
    many.push_back(m);
  }
  const double small = attempt_mark_error(mark_rule::sum_ratio, many, 40, 1000);
  const double large = attempt_mark_error(mark_rule::sum_ratio, few, 4, 1000);
  EXPECT_GT(small, 0);
  EXPECT_LT(small, large);
  // Identical mazes: no spread at all.
  const std::vector<maze_played> same(5, found_maze(20, 10));
  EXPECT_NEAR(attempt_mark_error(mark_rule::sum_ratio, same, 5, 1000), 0, 1e-15);
  EXPECT_NEAR(attempt_mark_error(mark_rule::mean_ratio, same, 5, 1000), 0, 1e-15);
}

TEST(marks, names_round_trip) {
  for (const mark_rule rule : measured_marks)
    EXPECT_EQ(parse_mark_rule(to_string(rule)), rule);
  for (const attempts_rule rule : every_attempts_rule)
    EXPECT_EQ(parse_attempts_rule(to_string(rule)), rule);
  EXPECT_FALSE(parse_mark_rule("best"));
  EXPECT_FALSE(parse_attempts_rule("sum_ratio"));
}

}  // namespace
}  // namespace ariadne
