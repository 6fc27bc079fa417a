#include "core/maze/maze_spec.hpp"

#include <stdexcept>

#include "core/maze/generators.hpp"
#include "core/maze/loops.hpp"
#include "core/maze/rng.hpp"

namespace ariadne {

grid generate(const maze_spec& spec) {
  const generator_info* generator = find_generator(spec.generator);
  if (generator == nullptr)
    throw std::invalid_argument("unknown generator '" + spec.generator + "'");
  rng r(spec.seed);
  grid g = generator->make(spec.width, spec.height, r);
  add_loops(g, spec.loops, r);
  return g;
}

}  // namespace ariadne
