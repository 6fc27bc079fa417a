#pragma once

#include <string>
#include <string_view>

#include "core/maze/maze_layout.hpp"

namespace ariadne {

// The .num format of micromouse simulators: one line per cell, "X Y N E S W",
// 1 where that side has a wall, 0 where it is open. Written column by column
// (x outer, y inner). It has no start or goal marks.

// Throws format_error naming the line (and the field's column) of the first
// problem: a bad number, a cell out of order of size or given twice, a cell
// missing, two cells disagreeing about the wall between them, an open side on
// the boundary.
maze_layout read_num(std::string_view text);

std::string write_num(const grid& g);

}  // namespace ariadne
