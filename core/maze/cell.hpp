#pragma once

#include <compare>
#include <cstdint>

#include "core/maze/direction.hpp"

namespace ariadne {

// A cell of the grid; (0, 0) is the south-west corner.
struct cell {
  std::int32_t x = 0;
  std::int32_t y = 0;

  friend constexpr bool operator==(cell, cell) = default;
  friend constexpr auto operator<=>(cell, cell) = default;
};

constexpr cell step(cell c, direction d) {
  return {c.x + dx(d), c.y + dy(d)};
}

// True when c lies in a width x height grid.
constexpr bool within(cell c, std::int32_t width, std::int32_t height) {
  return c.x >= 0 && c.y >= 0 && c.x < width && c.y < height;
}

constexpr std::int32_t manhattan(cell a, cell b) {
  return (a.x > b.x ? a.x - b.x : b.x - a.x) + (a.y > b.y ? a.y - b.y : b.y - a.y);
}

}  // namespace ariadne
