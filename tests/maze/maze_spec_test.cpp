#include "server/maze/maze_spec.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "tests/maze/independent_checks.hpp"

namespace ariadne {
namespace {

TEST(maze_spec, defaults_generate_a_perfect_maze) {
  const maze_spec spec;
  EXPECT_FALSE(check(spec).has_value());
  EXPECT_TRUE(testing::is_perfect(generate(spec)));
}

TEST(maze_spec, rejects_bad_specs_with_a_sentence) {
  maze_spec spec;
  spec.generator = "nope";
  ASSERT_TRUE(check(spec).has_value());
  EXPECT_NE(check(spec)->find("unknown generator 'nope'"), std::string::npos);
  EXPECT_THROW(generate(spec), std::invalid_argument);
  spec = maze_spec{};
  spec.width = 0;
  EXPECT_TRUE(check(spec).has_value());
  spec = maze_spec{};
  spec.height = grid::max_side + 1;
  EXPECT_TRUE(check(spec).has_value());
  spec = maze_spec{};
  spec.loops = 2.0;
  EXPECT_TRUE(check(spec).has_value());
  spec.loops = -0.1;
  EXPECT_TRUE(check(spec).has_value());
  spec.loops = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(check(spec).has_value());
}

TEST(maze_spec, loops_keep_the_underlying_maze) {
  // Raising loops only opens walls of the same base maze.
  maze_spec spec;
  spec.width = 20;
  spec.height = 20;
  spec.seed = 77;
  const grid base = generate(spec);
  spec.loops = 0.5;
  const grid braided = generate(spec);
  EXPECT_GT(braided.passage_count(), base.passage_count());
  for (grid::index i = 0; i < base.cell_count(); ++i) {
    for (const direction d : all_directions) {
      if (base.is_open(i, d)) {
        EXPECT_TRUE(braided.is_open(i, d));
      }
    }
  }
}

}  // namespace
}  // namespace ariadne
