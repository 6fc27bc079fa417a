#pragma once

#include <string>

#include "core/maze/maze_spec.hpp"

namespace ariadne {

// Where a run's maze came from, enough to build it again: a named maze of
// the server's catalog, or a generator spec (generator, size, seed, loops).
struct maze_source {
  std::string name;  // the named maze; empty when generated
  maze_spec spec;    // when generated

  bool generated() const { return name.empty(); }
  // The generator's or the maze's name, as replies and logs show it.
  const std::string& label() const { return generated() ? spec.generator : name; }

  friend bool operator==(const maze_source&, const maze_source&) = default;
};

}  // namespace ariadne
