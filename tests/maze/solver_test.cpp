#include "core/maze/solver.hpp"

#include <gtest/gtest.h>

#include "core/maze/generators.hpp"
#include "core/maze/loops.hpp"

namespace ariadne {
namespace {

// Follows a route and fails on any move through a wall.
cell walk(const grid& g, cell from, const std::vector<direction>& route) {
  for (const direction d : route) {
    EXPECT_TRUE(g.is_open(from, d));
    from = step(from, d);
  }
  return from;
}

TEST(solver, distances_on_a_corridor) {
  grid g(5, 1);
  for (std::int32_t x = 0; x < 4; ++x)
    g.set_open(cell{x, 0}, direction::east, true);
  const auto d = distances_from(g, cell{1, 0});
  EXPECT_EQ(d, (std::vector<std::int32_t>{1, 0, 1, 2, 3}));
}

TEST(solver, unreachable_cells_are_marked) {
  grid g(3, 1);
  g.set_open(cell{0, 0}, direction::east, true);
  const auto d = distances_from(g, cell{0, 0});
  EXPECT_EQ(d[2], unreachable);
  EXPECT_FALSE(shortest_path(g, cell{0, 0}, cell{2, 0}).has_value());
  EXPECT_FALSE(astar_path(g, cell{0, 0}, cell{2, 0}).has_value());
  EXPECT_EQ(reachable_from(g, cell{0, 0}), (std::vector<std::uint8_t>{1, 1, 0}));
}

TEST(solver, route_to_self_is_empty) {
  const grid g(3, 3);
  EXPECT_EQ(shortest_path(g, cell{1, 1}, cell{1, 1})->size(), 0U);
  EXPECT_EQ(astar_path(g, cell{1, 1}, cell{1, 1})->size(), 0U);
}

TEST(solver, bfs_and_astar_agree_on_length_with_and_without_loops) {
  for (const auto& info : all_generators()) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      rng r(seed);
      grid g = info.make(25, 19, r);
      if (seed % 2 == 0) add_loops(g, 0.6, r);
      const cell a{static_cast<std::int32_t>(r.below(25)), static_cast<std::int32_t>(r.below(19))};
      const cell b{static_cast<std::int32_t>(r.below(25)), static_cast<std::int32_t>(r.below(19))};
      const auto bfs = shortest_path(g, a, b);
      const auto star = astar_path(g, a, b);
      ASSERT_TRUE(bfs && star) << info.name;
      EXPECT_EQ(bfs->size(), star->size()) << info.name << " seed " << seed;
      EXPECT_EQ(walk(g, a, *bfs), b);
      EXPECT_EQ(walk(g, a, *star), b);
      const auto distance = distances_from(g, a);
      EXPECT_EQ(static_cast<std::size_t>(distance[g.index_of(b)]), bfs->size());
    }
  }
}

TEST(solver, cells_along_follows_the_route) {
  const auto cells = cells_along(cell{0, 0}, {direction::north, direction::east, direction::east});
  EXPECT_EQ(cells, (std::vector<cell>{{0, 0}, {0, 1}, {1, 1}, {2, 1}}));
}

}  // namespace
}  // namespace ariadne
