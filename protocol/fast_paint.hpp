#pragma once

#include <optional>
#include <string_view>

#include "protocol/messages.hpp"

namespace ariadne::protocol {

// A paint read without a JSON tree: its cells, and its id pointing into the
// frame. A paint is the biggest message a run sends (128 cells, 6 KB), and a
// tree of it costs hundreds of allocations.
struct paint_view {
  paint_message message;
  std::string_view id;  // raw JSON text of the id, empty when none
};

// Reads a paint in its plain form: flat objects of string, integer, boolean
// and null values, ASCII strings without escapes, cells with canonical
// coordinates, colours of the palette and texts of 1 to 4 characters.
// Returns nullopt for anything else, valid or not; parse_client_message then
// decides, so every error reply, and every paint this does accept, reads
// exactly as the full parser reads it (tests/protocol/fast_command_fuzz.cpp
// checks that).
std::optional<paint_view> parse_fast_paint(std::string_view text);

}  // namespace ariadne::protocol
