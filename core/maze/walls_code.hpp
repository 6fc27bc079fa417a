#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/maze/grid.hpp"

namespace ariadne {

// A maze's walls as text, the "walls" of the JSON maze format: one hex digit
// a cell, cells row by row from the south (y = 0), west to east; each digit
// has bit 8 set for a north wall, 4 east, 2 south, 1 west. Replays carry it,
// and its SHA-256 (walls_digest) names a maze's walls.
std::string walls_code(const grid& walls);

// One cell's digit, from the mask of its open sides (grid::open_mask).
char walls_digit(unsigned open_mask);

// The grid a walls code describes. Throws format_error when the code has the
// wrong length, a character that is not a hex digit (either case), an open
// side on the outer boundary, or two neighbours that disagree.
grid grid_from_walls_code(std::int32_t width, std::int32_t height, std::string_view code);

// The SHA-256 of walls_code(walls), in hex.
std::string walls_digest(const grid& walls);

}  // namespace ariadne
