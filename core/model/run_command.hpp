#pragma once

#include <cstdint>
#include <span>

#include "core/maze/direction.hpp"

namespace ariadne {

// A command to a run in play, as the rules take it. `dirs` views the
// caller's storage, so a command costs no allocation.
struct run_command {
  enum class kind : std::uint8_t { sense, move, path, abandon };
  kind type = kind::sense;
  direction dir = direction::north;  // move
  std::span<const direction> dirs;   // path
};

}  // namespace ariadne
