// Pins the exact mazes some seeds give, so that a change to the PRNG, a helper
// or a generator, or a platform difference, cannot go unnoticed. A deliberate
// change to a generator updates these values in the same commit.
#include "core/maze/maze_spec.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <set>
#include <string_view>

#include "core/maze/generators.hpp"
#include "core/maze/maze_stats.hpp"

namespace ariadne {
namespace {

struct golden {
  const char* generator;
  std::int32_t width;
  std::int32_t height;
  std::uint64_t seed;
  double loops;
  std::uint64_t hash;
};

const golden pinned[] = {
#include "tests/maze/golden_values.inc"
};

TEST(golden, mazes_are_identical_everywhere) {
  for (const golden& g : pinned) {
    const grid maze = generate(maze_spec{g.generator, g.width, g.height, g.seed, g.loops});
    char printed[20];
    std::snprintf(printed, sizeof printed, "0x%016llx",
                  static_cast<unsigned long long>(fingerprint(maze)));
    EXPECT_EQ(fingerprint(maze), g.hash)
        << g.generator << " " << g.width << "x" << g.height << " seed " << g.seed << " loops "
        << g.loops << " now gives " << printed;
  }
}

// A generator added without pinned mazes, or pinned mazes of a generator
// that is gone, fail here: every generator's output is held.
TEST(golden, covers_every_generator) {
  std::set<std::string_view> held;
  for (const golden& g : pinned) {
    EXPECT_NE(find_generator(g.generator), nullptr) << g.generator << " is pinned but unknown";
    held.insert(g.generator);
  }
  for (const generator_info& info : all_generators()) {
    EXPECT_TRUE(held.contains(info.name)) << info.name << " has no pinned maze";
  }
}

}  // namespace
}  // namespace ariadne
