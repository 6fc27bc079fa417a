#include "core/maze/maze_stats.hpp"

#include <gtest/gtest.h>

#include "core/maze/generators.hpp"
#include "core/maze/loops.hpp"
#include "tests/maze/independent_checks.hpp"

namespace ariadne {
namespace {

TEST(maze_stats, corridor) {
  grid g(6, 1);
  for (std::int32_t x = 0; x < 5; ++x)
    g.set_open(cell{x, 0}, direction::east, true);
  const maze_stats s = compute_stats(g);
  EXPECT_EQ(s.cells, 6U);
  EXPECT_EQ(s.passages, 5U);
  EXPECT_EQ(s.dead_ends, 2U);
  EXPECT_EQ(s.components, 1U);
  EXPECT_EQ(s.loops, 0U);
  EXPECT_EQ(s.longest_path, 5);
  EXPECT_TRUE(s.perfect());
}

TEST(maze_stats, open_square_has_loops_and_exact_diameter) {
  grid g(3, 3);
  g.open_all();
  const maze_stats s = compute_stats(g);
  EXPECT_EQ(s.passages, 12U);
  EXPECT_EQ(s.loops, 4U);
  EXPECT_EQ(s.dead_ends, 0U);
  EXPECT_EQ(s.longest_path, 4);
  EXPECT_TRUE(s.longest_path_exact);
  EXPECT_FALSE(s.perfect());
}

TEST(maze_stats, components_counted) {
  grid g(4, 2);  // every wall standing: 8 single cells
  const maze_stats s = compute_stats(g);
  EXPECT_EQ(s.components, 8U);
  EXPECT_EQ(s.loops, 0U);
  EXPECT_EQ(s.longest_path, 0);
  EXPECT_FALSE(s.perfect());
}

TEST(maze_stats, agrees_with_independent_counts) {
  for (const auto& info : all_generators()) {
    rng r(5);
    grid g = info.make(33, 21, r);
    add_loops(g, 0.4, r);
    const maze_stats s = compute_stats(g);
    EXPECT_EQ(s.dead_ends, testing::count_dead_ends(g)) << info.name;
    EXPECT_EQ(s.passages, testing::count_passages(g)) << info.name;
    EXPECT_EQ(s.loops, s.passages + 1 - s.cells) << info.name;
  }
}

TEST(maze_stats, fingerprint_depends_on_walls_and_size) {
  grid a(4, 4);
  grid b(4, 4);
  EXPECT_EQ(fingerprint(a), fingerprint(b));
  b.set_open(cell{1, 1}, direction::east, true);
  EXPECT_NE(fingerprint(a), fingerprint(b));
  EXPECT_NE(fingerprint(grid(2, 8)), fingerprint(grid(8, 2)));
}

}  // namespace
}  // namespace ariadne
