#include "server/maze/maze_spec.hpp"

#include <stdexcept>

#include "server/maze/generators.hpp"
#include "server/maze/loops.hpp"
#include "server/maze/rng.hpp"

namespace ariadne {

std::optional<std::string> check(const maze_spec& spec) {
  if (find_generator(spec.generator) == nullptr) {
    return "unknown generator '" + spec.generator + "' (ariadne-maze --list shows them)";
  }
  const auto side_ok = [](std::int32_t side) { return side >= 1 && side <= grid::max_side; };
  if (!side_ok(spec.width) || !side_ok(spec.height)) {
    return "maze size " + std::to_string(spec.width) + "x" + std::to_string(spec.height) +
           " is outside 1x1.." + std::to_string(grid::max_side) + "x" +
           std::to_string(grid::max_side);
  }
  if (!(spec.loops >= 0.0 && spec.loops <= 1.0)) {
    return "loops must be a number from 0 to 1, got " + std::to_string(spec.loops);
  }
  return std::nullopt;
}

grid generate(const maze_spec& spec) {
  if (auto problem = check(spec)) throw std::invalid_argument(*problem);
  rng r(spec.seed);
  grid g = find_generator(spec.generator)->make(spec.width, spec.height, r);
  add_loops(g, spec.loops, r);
  return g;
}

}  // namespace ariadne
