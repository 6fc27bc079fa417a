#pragma once

#include <cstdint>

#include "server/maze/direction.hpp"
#include "server/maze/grid.hpp"

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

}  // namespace ariadne
