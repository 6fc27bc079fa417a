#pragma once

#include <string>
#include <string_view>

#include "core/maze/maze_layout.hpp"

namespace ariadne::protocol {

// The JSON maze format:
//   {"format": "ariadne-maze", "version": 1, "width": W, "height": H,
//    "walls": "<one hex digit per cell>", "start": {"x": 0, "y": 0},
//    "goals": [{"x": 7, "y": 7}]}
// Cells go row by row from the south (y = 0), west to east; each digit has
// bit 8 set for a north wall, 4 east, 2 south, 1 west. start and goals are
// optional.

// Throws format_error when the text is not such a maze.
maze_layout read_maze_json(std::string_view text);

std::string write_maze_json(const maze_layout& layout);

}  // namespace ariadne::protocol
