#pragma once

#include <optional>
#include <vector>

#include "core/maze/cell.hpp"
#include "core/maze/grid.hpp"

namespace ariadne {

// A maze as files hold it: the walls plus the marked start and goal cells.
struct maze_layout {
  grid walls;
  std::optional<cell> start;
  std::vector<cell> goals;

  friend bool operator==(const maze_layout&, const maze_layout&) = default;
};

}  // namespace ariadne
