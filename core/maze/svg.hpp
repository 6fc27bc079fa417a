#pragma once

#include <string>
#include <vector>

#include "core/maze/maze_layout.hpp"

namespace ariadne {

struct svg_options {
  int cell_size = 16;
  // Drawn as a line through cell centres, in order.
  std::vector<cell> path;
  // Shaded.
  std::vector<cell> visited;
};

// An SVG picture of the maze, north up: walls, the start (green) and goal
// (gold) cells, visited cells and a path when given.
std::string write_svg(const maze_layout& layout, const svg_options& options = {});

}  // namespace ariadne
