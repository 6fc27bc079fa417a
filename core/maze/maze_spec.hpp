#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/maze/grid.hpp"

namespace ariadne {

// The maze a request that names no generator or size gets.
inline constexpr std::string_view default_generator = "hunt_and_kill";
inline constexpr std::int32_t default_side = 16;

// Everything that determines a generated maze. The same spec gives the same
// maze, bit for bit, on every platform.
struct maze_spec {
  std::string generator{default_generator};
  std::int32_t width = default_side;
  std::int32_t height = default_side;
  std::uint64_t seed = 1;
  double loops = 0.0;

  friend bool operator==(const maze_spec&, const maze_spec&) = default;
};

// Generates the maze: the generator's perfect maze, then add_loops(loops),
// both from one rng seeded with spec.seed, so raising loops keeps the same
// underlying maze. The spec must be valid (core/play's check_maze says why
// one is not); throws std::invalid_argument for an unknown generator or a
// size the grid cannot have.
grid generate(const maze_spec& spec);

}  // namespace ariadne
