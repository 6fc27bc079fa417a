#include "core/maze/solver.hpp"

#include <algorithm>
#include <functional>
#include <queue>
#include <tuple>

namespace ariadne {

namespace {

using index = grid::index;

// Walks back from b to a along came_from (the side each cell was entered by).
std::vector<direction> route_back(const grid& g, index a, index b,
                                  const std::vector<std::uint8_t>& came_from) {
  std::vector<direction> route;
  for (index i = b; i != a;) {
    const auto entered = static_cast<direction>(came_from[i]);
    route.push_back(entered);
    i = g.neighbour(i, opposite(entered));
  }
  std::reverse(route.begin(), route.end());
  return route;
}

}  // namespace

std::vector<std::int32_t> distances_from(const grid& g, cell from) {
  std::vector<std::int32_t> distance(g.cell_count(), unreachable);
  if (!g.contains(from)) return distance;
  std::vector<index> queue;
  queue.reserve(g.cell_count());
  const index start = g.index_of(from);
  distance[start] = 0;
  queue.push_back(start);
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const index i = queue[head];
    const unsigned mask = g.open_mask(i);
    for (const direction d : all_directions) {
      if (!opens(mask, d)) continue;
      const index j = g.neighbour(i, d);
      if (distance[j] != unreachable) continue;
      distance[j] = distance[i] + 1;
      queue.push_back(j);
    }
  }
  return distance;
}

std::optional<std::vector<direction>> shortest_path(const grid& g, cell a, cell b) {
  if (!g.contains(a) || !g.contains(b)) return std::nullopt;
  constexpr std::uint8_t unseen = 0xff;
  std::vector<std::uint8_t> came_from(g.cell_count(), unseen);
  const index start = g.index_of(a);
  const index goal = g.index_of(b);
  std::vector<index> queue{start};
  came_from[start] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const index i = queue[head];
    if (i == goal) return route_back(g, start, goal, came_from);
    for (const direction d : all_directions) {
      if (!g.is_open(i, d)) continue;
      const index j = g.neighbour(i, d);
      if (came_from[j] != unseen || j == start) continue;
      came_from[j] = static_cast<std::uint8_t>(d);
      queue.push_back(j);
    }
  }
  return std::nullopt;
}

std::optional<std::vector<direction>> astar_path(const grid& g, cell a, cell b) {
  if (!g.contains(a) || !g.contains(b)) return std::nullopt;
  constexpr std::uint8_t unseen = 0xff;
  const index start = g.index_of(a);
  const index goal = g.index_of(b);
  std::vector<std::int32_t> cost(g.cell_count(), unreachable);
  std::vector<std::uint8_t> came_from(g.cell_count(), unseen);
  // Entries are (estimate, cost so far, cell); stale entries are skipped.
  using entry = std::tuple<std::int32_t, std::int32_t, index>;
  std::priority_queue<entry, std::vector<entry>, std::greater<>> open;
  cost[start] = 0;
  open.emplace(manhattan(a, b), 0, start);
  while (!open.empty()) {
    const auto [estimate, so_far, i] = open.top();
    open.pop();
    if (so_far != cost[i]) continue;
    if (i == goal) return route_back(g, start, goal, came_from);
    for (const direction d : all_directions) {
      if (!g.is_open(i, d)) continue;
      const index j = g.neighbour(i, d);
      const std::int32_t next = so_far + 1;
      if (cost[j] != unreachable && cost[j] <= next) continue;
      cost[j] = next;
      came_from[j] = static_cast<std::uint8_t>(d);
      open.emplace(next + manhattan(g.cell_at(j), b), next, j);
    }
  }
  return std::nullopt;
}

std::vector<std::uint8_t> reachable_from(const grid& g, cell from) {
  const auto distance = distances_from(g, from);
  std::vector<std::uint8_t> reached(distance.size(), 0);
  for (std::size_t i = 0; i < distance.size(); ++i)
    reached[i] = distance[i] != unreachable ? 1 : 0;
  return reached;
}

std::vector<cell> cells_along(cell from, const std::vector<direction>& route) {
  std::vector<cell> cells{from};
  cells.reserve(route.size() + 1);
  for (const direction d : route)
    cells.push_back(step(cells.back(), d));
  return cells;
}

}  // namespace ariadne
