#pragma once

#include <optional>
#include <string_view>

#include "core/maze/direction.hpp"

namespace ariadne::protocol {

// A run command read in place, pointing into the frame: no JSON tree, no
// allocation. The per-move hot path of the server uses it.
struct command_view {
  enum class kind { sense, move, path, abandon };
  kind type = kind::sense;
  direction dir = direction::north;  // move
  std::string_view dirs;             // path: 1 to 4096 letters of N, E, S, W
  std::string_view id;               // raw JSON text of the id, empty when none
};

// Reads sense, move, path and abandon messages in their plain form: a flat
// object of string, integer, boolean and null values, ASCII strings without
// escapes. Returns nullopt for anything else, valid or not; parse_client_message
// then decides, so every error reply, and every message this does accept,
// reads exactly as the full parser reads it (tests/protocol/fast_command_fuzz.cpp
// checks that).
std::optional<command_view> parse_fast_command(std::string_view text);

}  // namespace ariadne::protocol
