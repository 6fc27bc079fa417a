#pragma once

#include "core/maze/cell.hpp"
#include "core/maze/direction.hpp"

namespace ariadne {

// One side of one cell: a wall that stands or has fallen.
struct wall {
  cell at;
  direction side = direction::north;

  friend constexpr bool operator==(wall, wall) = default;
};

}  // namespace ariadne
