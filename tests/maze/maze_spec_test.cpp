#include "core/maze/maze_spec.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "tests/maze/independent_checks.hpp"

namespace ariadne {
namespace {

TEST(maze_spec, defaults_generate_a_perfect_maze) {
  const maze_spec spec;
  EXPECT_EQ(spec.generator, default_generator);
  EXPECT_EQ(spec.width, default_side);
  EXPECT_TRUE(testing::is_perfect(generate(spec)));
}

TEST(maze_spec, an_unknown_generator_or_size_throws) {
  // Requests are checked before generation (core/play/request_check.hpp);
  // generate itself only refuses what it cannot do.
  maze_spec spec;
  spec.generator = "nope";
  EXPECT_THROW(generate(spec), std::invalid_argument);
  spec = maze_spec{};
  spec.width = 0;
  EXPECT_THROW(generate(spec), std::invalid_argument);
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
