#pragma once

#include <string>
#include <string_view>

#include "core/maze/maze_layout.hpp"

namespace ariadne {

// The micromouse text format of the public maze collections: 2H + 1 lines of
// 4W + 1 characters, the north edge first. Post lines have an 'o' every 4th
// column with "---" (wall) or three spaces (open) between; cell lines have '|'
// or a space at every 4th column and may mark a cell's centre (column 4x + 2)
// with 'S' (start) or 'G' (goal). LF or CRLF line endings.

// Throws format_error naming the line and column of the first problem.
maze_layout read_micromouse_text(std::string_view text);

// Writes the layout with LF endings; reading it back gives the same layout, and
// writing a file that was read gives the same text (up to CRLF endings).
std::string write_micromouse_text(const maze_layout& layout);

}  // namespace ariadne
