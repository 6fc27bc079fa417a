#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/maze/cell.hpp"
#include "core/maze/direction.hpp"
#include "core/maze/grid.hpp"

namespace ariadne {

inline constexpr std::int32_t unreachable = -1;

// Breadth-first distances (in steps) from `from` to every cell, indexed by
// grid::index; unreachable cells hold `unreachable`. O(cells).
std::vector<std::int32_t> distances_from(const grid& g, cell from);

// A shortest route from a to b as the moves to make (BFS), or nullopt when b
// cannot be reached. An empty route when a == b.
std::optional<std::vector<direction>> shortest_path(const grid& g, cell a, cell b);

// The same with A* and the Manhattan heuristic; finds a route of the same
// length as shortest_path, usually touching fewer cells.
std::optional<std::vector<direction>> astar_path(const grid& g, cell a, cell b);

// Which cells can be reached from `from` (1 = reachable), by grid::index.
std::vector<std::uint8_t> reachable_from(const grid& g, cell from);

// The cells a route visits, starting with `from` itself.
std::vector<cell> cells_along(cell from, const std::vector<direction>& route);

}  // namespace ariadne
