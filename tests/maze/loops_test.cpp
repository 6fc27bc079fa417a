#include "core/maze/loops.hpp"

#include <gtest/gtest.h>

#include "core/maze/generators.hpp"
#include "tests/maze/independent_checks.hpp"

namespace ariadne {
namespace {

TEST(loops, zero_changes_nothing) {
  rng r(1);
  grid g = generators::recursive_backtracker(20, 20, r);
  const grid before = g;
  EXPECT_EQ(add_loops(g, 0.0, r), 0U);
  EXPECT_EQ(g, before);
}

TEST(loops, removes_the_asked_fraction_of_dead_ends_and_stays_connected) {
  for (const auto& info : all_generators()) {
    for (const double fraction : {0.25, 0.5, 1.0}) {
      for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        rng r(seed);
        grid g = info.make(30, 30, r);
        const auto dead_before = testing::count_dead_ends(g);
        const auto passages_before = testing::count_passages(g);
        const auto opened = add_loops(g, fraction, r);
        const auto dead_after = testing::count_dead_ends(g);
        const auto target =
            static_cast<std::uint64_t>(fraction * static_cast<double>(dead_before) + 0.5);
        EXPECT_EQ(testing::count_connected(g), 900U) << info.name;
        EXPECT_TRUE(testing::boundary_closed(g)) << info.name;
        EXPECT_EQ(testing::count_passages(g), passages_before + opened) << info.name;
        // Joining two dead ends removes two, so the count may overshoot by one.
        EXPECT_LE(dead_after + target, dead_before + 1) << info.name << " " << fraction;
        EXPECT_GE(dead_after + target + 1, dead_before) << info.name << " " << fraction;
        if (fraction == 1.0) {
          EXPECT_EQ(dead_after, 0U) << info.name;
        }
      }
    }
  }
}

TEST(loops, prefers_joining_two_dead_ends) {
  // A 3 x 2 path (0,1)-(0,0)-(1,0)-(2,0)-(2,1)-(1,1): its ends (0,1) and (1,1)
  // are neighbours. (1,1) could also open south onto the corridor, which would
  // leave (0,1) a dead end; joining the two ends removes both with one wall.
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    grid g(3, 2);
    g.set_open(cell{0, 0}, direction::north, true);
    g.set_open(cell{0, 0}, direction::east, true);
    g.set_open(cell{1, 0}, direction::east, true);
    g.set_open(cell{2, 0}, direction::north, true);
    g.set_open(cell{2, 1}, direction::west, true);
    ASSERT_EQ(testing::count_dead_ends(g), 2U);
    rng r(seed);
    EXPECT_EQ(add_loops(g, 1.0, r), 1U) << "seed " << seed;
    EXPECT_TRUE(g.is_open(cell{0, 1}, direction::east)) << "seed " << seed;
    EXPECT_EQ(testing::count_dead_ends(g), 0U);
  }
}

TEST(loops, remove_walls_knocks_exactly_k_and_caps_at_what_stands) {
  rng r(3);
  grid g = generators::kruskal(10, 10, r);
  const auto before = testing::count_passages(g);
  EXPECT_EQ(remove_walls(g, 7, r), 7U);
  EXPECT_EQ(testing::count_passages(g), before + 7);
  EXPECT_TRUE(testing::boundary_closed(g));
  const auto standing = g.interior_side_count() - g.passage_count();
  EXPECT_EQ(remove_walls(g, 100000, r), standing);
  EXPECT_EQ(g.passage_count(), g.interior_side_count());
  EXPECT_EQ(remove_walls(g, 5, r), 0U);
}

TEST(loops, remove_walls_lists_the_walls_that_fell_without_changing_the_draw) {
  rng first(11);
  rng second(11);
  grid plain = generators::prim(12, 9, first);
  grid listed = generators::prim(12, 9, second);
  const grid before = listed;
  std::vector<wall> fallen = {wall{{5, 5}, direction::west}};  // cleared first
  EXPECT_EQ(remove_walls(plain, 9, first), 9U);
  EXPECT_EQ(remove_walls(listed, 9, second, &fallen), 9U);
  EXPECT_TRUE(plain == listed);
  ASSERT_EQ(fallen.size(), 9U);
  grid rebuilt = before;
  for (const wall w : fallen) {
    EXPECT_TRUE(w.side == direction::east || w.side == direction::north);
    EXPECT_FALSE(before.is_open(w.at, w.side));
    rebuilt.set_open(rebuilt.index_of(w.at), w.side, true);
  }
  EXPECT_TRUE(rebuilt == listed);
}

}  // namespace
}  // namespace ariadne
