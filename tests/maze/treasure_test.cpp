#include "core/maze/treasure.hpp"

#include <gtest/gtest.h>

#include <set>

#include "core/maze/generators.hpp"
#include "core/maze/solver.hpp"

namespace ariadne {
namespace {

TEST(treasure, reachable_never_the_start_and_far_enough) {
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    rng r(seed);
    const grid g = generators::prim(12, 12, r);
    const auto t = place_treasure(g, cell{0, 0}, r, 10);
    ASSERT_TRUE(t.has_value());
    EXPECT_NE(*t, (cell{0, 0}));
    EXPECT_GE(distances_from(g, cell{0, 0})[g.index_of(*t)], 10);
  }
}

TEST(treasure, only_reachable_cells_qualify) {
  // Two halves with no passage between: the treasure must stay on the start's side.
  grid g(4, 1);
  g.set_open(cell{0, 0}, direction::east, true);
  g.set_open(cell{2, 0}, direction::east, true);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    rng r(seed);
    EXPECT_EQ(place_treasure(g, cell{0, 0}, r), (cell{1, 0}));
  }
  rng r(1);
  EXPECT_FALSE(place_treasure(g, cell{0, 0}, r, 2).has_value());
  EXPECT_FALSE(place_treasure(grid(1, 1), cell{0, 0}, r).has_value());
}

TEST(treasure, same_seed_same_cell_and_spread_over_seeds) {
  rng maker(9);
  const grid g = generators::kruskal(10, 10, maker);
  std::set<cell> seen;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    rng a(seed);
    rng b(seed);
    const auto first = place_treasure(g, cell{0, 0}, a);
    EXPECT_EQ(first, place_treasure(g, cell{0, 0}, b));
    seen.insert(*first);
  }
  EXPECT_GT(seen.size(), 30U);
}

}  // namespace
}  // namespace ariadne
