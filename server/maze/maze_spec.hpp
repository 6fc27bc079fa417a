#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "server/maze/grid.hpp"

namespace ariadne {

// Everything that determines a generated maze. The same spec gives the same
// maze, bit for bit, on every platform.
struct maze_spec {
  std::string generator = "hunt_and_kill";
  std::int32_t width = 16;
  std::int32_t height = 16;
  std::uint64_t seed = 1;
  double loops = 0.0;
};

// Why spec cannot be generated (unknown generator, size out of range, loops
// outside [0, 1]), as a sentence; nullopt when it can.
std::optional<std::string> check(const maze_spec& spec);

// Generates the maze: the generator's perfect maze, then add_loops(loops),
// both from one rng seeded with spec.seed, so raising loops keeps the same
// underlying maze. Throws std::invalid_argument when check(spec) fails.
grid generate(const maze_spec& spec);

}  // namespace ariadne
