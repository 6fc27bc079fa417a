#pragma once

// Checks written without the library's own solvers or statistics, so that the
// tests do not grade the library with itself.
#include <cstdint>
#include <vector>

#include "core/maze/grid.hpp"

namespace ariadne::testing {

inline std::uint64_t count_connected(const grid& g) {
  const auto n = static_cast<std::size_t>(g.width()) * static_cast<std::size_t>(g.height());
  std::vector<bool> seen(n, false);
  std::vector<cell> stack{{0, 0}};
  seen[0] = true;
  std::uint64_t count = 0;
  while (!stack.empty()) {
    const cell c = stack.back();
    stack.pop_back();
    ++count;
    for (const direction d : all_directions) {
      if (!g.is_open(c, d)) continue;
      const cell next = step(c, d);
      const auto i = static_cast<std::size_t>(next.y) * static_cast<std::size_t>(g.width()) +
                     static_cast<std::size_t>(next.x);
      if (!seen[i]) {
        seen[i] = true;
        stack.push_back(next);
      }
    }
  }
  return count;
}

inline std::uint64_t count_passages(const grid& g) {
  std::uint64_t count = 0;
  for (std::int32_t y = 0; y < g.height(); ++y) {
    for (std::int32_t x = 0; x < g.width(); ++x) {
      if (g.is_open(cell{x, y}, direction::east)) ++count;
      if (g.is_open(cell{x, y}, direction::north)) ++count;
    }
  }
  return count;
}

inline bool boundary_closed(const grid& g) {
  for (std::int32_t x = 0; x < g.width(); ++x) {
    if (g.is_open(cell{x, 0}, direction::south)) return false;
    if (g.is_open(cell{x, g.height() - 1}, direction::north)) return false;
  }
  for (std::int32_t y = 0; y < g.height(); ++y) {
    if (g.is_open(cell{0, y}, direction::west)) return false;
    if (g.is_open(cell{g.width() - 1, y}, direction::east)) return false;
  }
  return true;
}

// Both sides of every interior wall agree.
inline bool consistent(const grid& g) {
  for (std::int32_t y = 0; y < g.height(); ++y) {
    for (std::int32_t x = 0; x < g.width(); ++x) {
      for (const direction d : all_directions) {
        const cell c{x, y};
        if (!g.contains(step(c, d))) continue;
        if (g.is_open(c, d) != g.is_open(step(c, d), opposite(d))) return false;
      }
    }
  }
  return true;
}

inline bool is_perfect(const grid& g) {
  const std::uint64_t cells =
      static_cast<std::uint64_t>(g.width()) * static_cast<std::uint64_t>(g.height());
  return boundary_closed(g) && consistent(g) && count_connected(g) == cells &&
         count_passages(g) == cells - 1;
}

inline std::uint64_t count_dead_ends(const grid& g) {
  std::uint64_t count = 0;
  for (std::int32_t y = 0; y < g.height(); ++y) {
    for (std::int32_t x = 0; x < g.width(); ++x) {
      int open = 0;
      for (const direction d : all_directions)
        open += g.is_open(cell{x, y}, d) ? 1 : 0;
      if (open == 1) ++count;
    }
  }
  return count;
}

}  // namespace ariadne::testing
