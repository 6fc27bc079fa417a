#include "core/maze/loops.hpp"

#include <cmath>
#include <vector>

namespace ariadne {

std::uint64_t add_loops(grid& g, double fraction, rng& r) {
  if (!(fraction > 0.0)) return 0;
  if (fraction > 1.0) fraction = 1.0;
  using index = grid::index;
  const index n = g.cell_count();
  std::vector<index> dead_ends;
  for (index i = 0; i < n; ++i) {
    if (g.open_count(i) == 1) dead_ends.push_back(i);
  }
  const auto target = static_cast<std::uint64_t>(
      std::floor(fraction * static_cast<double>(dead_ends.size()) + 0.5));
  r.shuffle(std::span<index>(dead_ends));
  std::uint64_t removed = 0;
  std::uint64_t opened = 0;
  direction options[4];
  for (const index i : dead_ends) {
    if (removed >= target) break;
    // An earlier opening may have joined this one already.
    if (g.open_count(i) != 1) continue;
    auto closed = [&](direction d) { return g.is_interior(i, d) && !g.is_open(i, d); };
    int k = 0;
    for (const direction d : all_directions) {
      if (closed(d) && g.open_count(g.neighbour(i, d)) == 1) options[k++] = d;
    }
    if (k == 0) {
      for (const direction d : all_directions) {
        if (closed(d)) options[k++] = d;
      }
    }
    // A corridor cell of a 1 x n or n x 1 maze has no wall left to open.
    if (k == 0) continue;
    const direction d = options[k == 1 ? 0 : r.below(static_cast<std::uint32_t>(k))];
    const bool joins_dead_end = g.open_count(g.neighbour(i, d)) == 1;
    g.set_open(i, d, true);
    ++opened;
    removed += joins_dead_end ? 2 : 1;
  }
  return opened;
}

std::uint64_t remove_walls(grid& g, std::uint64_t k, rng& r, std::vector<wall>* fallen) {
  using index = grid::index;
  if (fallen != nullptr) fallen->clear();
  if (k == 0) return 0;
  // Walls as (cell << 1) | 0 for an east side, | 1 for a north side.
  std::vector<index> walls;
  const index n = g.cell_count();
  for (index i = 0; i < n; ++i) {
    if (g.is_interior(i, direction::east) && !g.is_open(i, direction::east))
      walls.push_back(i << 1U);
    if (g.is_interior(i, direction::north) && !g.is_open(i, direction::north)) {
      walls.push_back((i << 1U) | 1U);
    }
  }
  const std::uint64_t count = k < walls.size() ? k : walls.size();
  // Partial Fisher-Yates: the first count entries become a uniform sample.
  for (std::uint64_t m = 0; m < count; ++m) {
    const auto j = m + r.below(static_cast<std::uint32_t>(walls.size() - m));
    std::swap(walls[m], walls[j]);
    const index w = walls[m];
    const direction side = (w & 1U) != 0 ? direction::north : direction::east;
    g.set_open(w >> 1U, side, true);
    if (fallen != nullptr) fallen->push_back(wall{g.cell_at(w >> 1U), side});
  }
  return count;
}

}  // namespace ariadne
