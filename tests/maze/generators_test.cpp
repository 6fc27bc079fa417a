#include "core/maze/generators.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>

#include "core/maze/maze_spec.hpp"
#include "tests/maze/independent_checks.hpp"

namespace ariadne {
namespace {

class every_generator : public ::testing::TestWithParam<std::string_view> {
 protected:
  const generator_info& info() const { return *find_generator(GetParam()); }
};

TEST_P(every_generator, is_perfect_over_many_sizes_and_seeds) {
  const std::pair<std::int32_t, std::int32_t> sizes[] = {{1, 1},  {2, 1},  {1, 2},   {2, 2},
                                                         {3, 7},  {7, 3},  {16, 16}, {31, 17},
                                                         {1, 40}, {40, 1}, {64, 64}};
  for (const auto& [w, h] : sizes) {
    for (std::uint64_t seed = 1; seed <= 25; ++seed) {
      rng r(seed);
      const grid g = info().make(w, h, r);
      ASSERT_EQ(g.width(), w);
      ASSERT_EQ(g.height(), h);
      ASSERT_TRUE(testing::is_perfect(g))
          << info().name << " " << w << "x" << h << " seed " << seed;
    }
  }
}

TEST_P(every_generator, is_perfect_at_200x200) {
  for (std::uint64_t seed = 100; seed < 103; ++seed) {
    rng r(seed);
    const grid g = info().make(200, 200, r);
    ASSERT_TRUE(testing::is_perfect(g)) << info().name << " seed " << seed;
  }
}

TEST_P(every_generator, same_seed_same_maze_and_seeds_differ) {
  std::set<std::string> seen;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    rng a(seed);
    rng b(seed);
    const grid first = info().make(24, 24, a);
    const grid second = info().make(24, 24, b);
    ASSERT_EQ(first, second) << info().name << " seed " << seed;
    std::string key;
    for (grid::index i = 0; i < first.cell_count(); ++i)
      key += static_cast<char>('a' + first.open_mask(i));
    seen.insert(key);
  }
  EXPECT_EQ(seen.size(), 10U) << info().name << " gave the same maze for different seeds";
}

INSTANTIATE_TEST_SUITE_P(maze, every_generator, ::testing::ValuesIn([] {
                           std::vector<std::string_view> names;
                           for (const auto& g : all_generators())
                             names.push_back(g.name);
                           return names;
                         }()),
                         [](const auto& param) { return std::string(param.param); });

TEST(generators, registry_has_the_classic_family) {
  EXPECT_GE(all_generators().size(), 12U);
  for (const char* name :
       {"hunt_and_kill", "hunt_and_kill_random", "recursive_backtracker", "stick_knocking",
        "binary_tree", "sidewinder", "prim", "kruskal", "wilson", "aldous_broder", "eller",
        "growing_tree", "growing_tree_newest", "growing_tree_random", "recursive_division"}) {
    EXPECT_NE(find_generator(name), nullptr) << name;
  }
  EXPECT_EQ(find_generator("no_such_generator"), nullptr);
}

TEST(generators, recursive_backtracker_is_iterative_at_4096) {
  // A recursive implementation would need a call per cell on this path: 16M
  // frames overflow any default stack.
  rng r(7);
  const grid g = generators::recursive_backtracker(4096, 4096, r);
  EXPECT_EQ(testing::count_passages(g), g.cell_count() - 1ULL);
  EXPECT_LE(g.memory_bytes(), 5U * 1024U * 1024U);
}

TEST(generators, binary_tree_opens_north_and_east_corridors) {
  rng r(3);
  const grid g = generators::binary_tree(12, 9, r);
  for (std::int32_t x = 0; x + 1 < 12; ++x)
    EXPECT_TRUE(g.is_open(cell{x, 8}, direction::east));
  for (std::int32_t y = 0; y + 1 < 9; ++y)
    EXPECT_TRUE(g.is_open(cell{11, y}, direction::north));
}

TEST(generators, sidewinder_top_row_is_one_corridor) {
  rng r(4);
  const grid g = generators::sidewinder(10, 6, r);
  for (std::int32_t x = 0; x + 1 < 10; ++x)
    EXPECT_TRUE(g.is_open(cell{x, 5}, direction::east));
}

TEST(generators, stick_knocking_adds_one_wall_per_pillar) {
  // (W - 1)(H - 1) pillars, each knocking one stick: the remaining openings
  // are exactly W x H - 1, which with connectivity means a perfect maze.
  rng r(5);
  const grid g = generators::stick_knocking(9, 13, r);
  EXPECT_EQ(g.interior_side_count() - g.passage_count(), 8U * 12U);
  EXPECT_TRUE(testing::is_perfect(g));
}

}  // namespace
}  // namespace ariadne
