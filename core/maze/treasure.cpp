#include "core/maze/treasure.hpp"

#include <algorithm>

#include "core/maze/solver.hpp"

namespace ariadne {

std::optional<cell> place_treasure(const grid& g, cell start, rng& r, std::int32_t min_distance) {
  const std::int32_t at_least = std::max(min_distance, 1);
  const auto distance = distances_from(g, start);
  std::uint32_t candidates = 0;
  for (const std::int32_t d : distance) {
    if (d >= at_least) ++candidates;
  }
  if (candidates == 0) return std::nullopt;
  std::uint32_t chosen = r.below(candidates);
  for (grid::index i = 0; i < distance.size(); ++i) {
    if (distance[i] < at_least) continue;
    if (chosen == 0) return g.cell_at(i);
    --chosen;
  }
  return std::nullopt;
}

}  // namespace ariadne
