#include "core/maze/maze_stats.hpp"

#include <algorithm>
#include <functional>
#include <vector>

#include "core/maze/solver.hpp"

namespace ariadne {

namespace {

// The farthest cell from `from` and its distance.
std::pair<cell, std::int32_t> farthest(const grid& g, cell from) {
  const auto distance = distances_from(g, from);
  grid::index best = g.index_of(from);
  for (grid::index i = 0; i < distance.size(); ++i) {
    if (distance[i] > distance[best]) best = i;
  }
  return {g.cell_at(best), distance[best]};
}

}  // namespace

maze_stats compute_stats(const grid& g) {
  maze_stats stats;
  const grid::index n = g.cell_count();
  stats.cells = n;
  stats.passages = g.passage_count();
  for (grid::index i = 0; i < n; ++i) {
    if (g.open_count(i) == 1) ++stats.dead_ends;
  }
  // Components by flood fill: (size, first cell) of each.
  std::vector<std::pair<grid::index, grid::index>> components;
  std::vector<std::uint8_t> seen(n, 0);
  std::vector<grid::index> stack;
  for (grid::index i = 0; i < n; ++i) {
    if (seen[i] != 0) continue;
    grid::index size = 0;
    seen[i] = 1;
    stack.push_back(i);
    while (!stack.empty()) {
      const grid::index at = stack.back();
      stack.pop_back();
      ++size;
      for (const direction d : all_directions) {
        if (!g.is_open(at, d)) continue;
        const grid::index next = g.neighbour(at, d);
        if (seen[next] == 0) {
          seen[next] = 1;
          stack.push_back(next);
        }
      }
    }
    components.emplace_back(size, i);
  }
  stats.components = components.size();
  stats.loops = stats.passages + stats.components - stats.cells;
  stats.longest_path_exact = stats.loops == 0 || n <= exact_diameter_cells;
  if (stats.loops != 0 && stats.longest_path_exact) {
    for (grid::index i = 0; i < n; ++i) {
      stats.longest_path = std::max(stats.longest_path, farthest(g, g.cell_at(i)).second);
    }
    return stats;
  }
  // Double sweep per component, largest first: exact on trees, a lower bound
  // otherwise. A component of s cells cannot hold a path longer than s - 1.
  std::sort(components.begin(), components.end(), std::greater<>());
  for (const auto& [size, first] : components) {
    if (static_cast<std::int64_t>(size) - 1 <= stats.longest_path) break;
    const cell end = farthest(g, g.cell_at(first)).first;
    stats.longest_path = std::max(stats.longest_path, farthest(g, end).second);
  }
  return stats;
}

std::uint64_t fingerprint(const grid& g) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  auto mix = [&](std::uint64_t byte) {
    hash ^= byte;
    hash *= 0x100000001b3ULL;
  };
  for (const std::int32_t side : {g.width(), g.height()}) {
    for (unsigned shift = 0; shift < 32; shift += 8)
      mix((static_cast<std::uint32_t>(side) >> shift) & 0xffU);
  }
  for (grid::index i = 0; i < g.cell_count(); ++i)
    mix(g.open_mask(i));
  return hash;
}

}  // namespace ariadne
