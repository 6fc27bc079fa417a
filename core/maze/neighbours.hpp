#pragma once

#include <cstdint>

#include <vector>

#include "core/maze/direction.hpp"
#include "core/maze/grid.hpp"
#include "core/maze/rng.hpp"

namespace ariadne {

// The interior sides of cell i whose neighbour satisfies pred(neighbour index),
// written to out; returns how many. Computes x and y once, which keeps the
// generators' inner loops free of repeated divisions.
template <typename Pred>
inline int neighbours_where(const grid& g, grid::index i, direction* out, Pred pred) {
  const auto w = static_cast<grid::index>(g.width());
  const auto h = static_cast<grid::index>(g.height());
  const grid::index x = i % w;
  const grid::index y = i / w;
  int k = 0;
  if (y + 1 < h && pred(i + w)) out[k++] = direction::north;
  if (x + 1 < w && pred(i + 1)) out[k++] = direction::east;
  if (y > 0 && pred(i - w)) out[k++] = direction::south;
  if (x > 0 && pred(i - 1)) out[k++] = direction::west;
  return k;
}

// One of count options at random (no random number spent on a single option,
// which the golden mazes depend on).
inline direction pick_direction(const direction* options, int count, rng& r) {
  return options[count == 1 ? 0 : r.below(static_cast<std::uint32_t>(count))];
}

// Opens a wall from cell i to a random neighbour already in the maze.
inline void join_to_visited(grid& g, grid::index i, const std::vector<std::uint8_t>& visited,
                            rng& r) {
  direction options[4];
  const int k = neighbours_where(g, i, options, [&](grid::index j) { return visited[j] != 0; });
  if (k > 0) g.set_open(i, pick_direction(options, k, r), true);
}

}  // namespace ariadne
