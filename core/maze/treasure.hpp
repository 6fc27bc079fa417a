#pragma once

#include <cstdint>
#include <optional>

#include "core/maze/cell.hpp"
#include "core/maze/grid.hpp"
#include "core/maze/rng.hpp"

namespace ariadne {

// A uniformly random cell reachable from start, never start itself, at least
// min_distance steps away along the maze; nullopt when no cell qualifies.
std::optional<cell> place_treasure(const grid& g, cell start, rng& r,
                                   std::int32_t min_distance = 1);

}  // namespace ariadne
