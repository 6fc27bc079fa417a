// Generators that walk the grid: hunt-and-kill, the recursive backtracker,
// Aldous-Broder and Wilson.
#include <algorithm>
#include <vector>

#include "core/maze/frontier_set.hpp"
#include "core/maze/generators.hpp"
#include "core/maze/neighbours.hpp"

namespace ariadne::generators {

namespace {

using index = grid::index;

// Random walks cover a square maze in about cells x log^2(cells) steps, but a
// long thin one in steps that grow with the square of its length (8192 x 8
// took seconds). The walking generators stop after this many steps; the
// cells still outside the tree then join it one by one from its frontier.
// Every maze that finishes within the budget (any up to about 150 x 150, and
// every golden maze) is the same as without it.
std::uint64_t walk_budget(index cells) {
  return walk_steps_per_cell * cells + walk_steps_fixed;
}

// Grows the tree of visited cells to the whole grid: a random cell next to
// the tree joins it through a random wall, until none is left. O(cells).
void finish_from_frontier(grid& g, std::vector<std::uint8_t>& visited, rng& r) {
  const index n = g.cell_count();
  frontier_set frontier(n);
  for (index i = 0; i < n; ++i) {
    if (visited[i] != 0) frontier.visit(g, i, visited);
  }
  while (!frontier.empty()) {
    const index c = frontier.pick(r);
    join_to_visited(g, c, visited, r);
    frontier.visit(g, c, visited);
  }
}

}  // namespace

// Hunt-and-kill, classic scan order. A random walk carves into unvisited cells
// until it is boxed in; then the hunt scans rows from the south, west to east,
// for the first unvisited cell next to a visited one, joins it to a random
// visited neighbour and walks on from there. The scan resumes at scan_from,
// before which no unvisited cell touches the maze (a visit that changes that
// moves scan_from back), so it finds the same cell as a scan from (0, 0) while
// the whole run stays close to O(cells).
grid hunt_and_kill(std::int32_t width, std::int32_t height, rng& r) {
  grid g(width, height);
  const index n = g.cell_count();
  std::vector<std::uint8_t> visited(n, 0);
  index scan_from = n;
  direction options[4];
  auto visit = [&](index i) {
    visited[i] = 1;
    const int k = neighbours_where(g, i, options, [&](index j) { return visited[j] == 0; });
    for (int m = 0; m < k; ++m)
      scan_from = std::min(scan_from, g.neighbour(i, options[m]));
  };
  index current = r.below(n);
  visit(current);
  index remaining = n - 1;
  while (remaining > 0) {
    const int k = neighbours_where(g, current, options, [&](index j) { return visited[j] == 0; });
    if (k > 0) {
      const direction d = pick_direction(options, k, r);
      g.set_open(current, d, true);
      current = g.neighbour(current, d);
    } else {
      auto touches_maze = [&](index i) {
        return neighbours_where(g, i, options, [&](index j) { return visited[j] != 0; }) > 0;
      };
      while (visited[scan_from] != 0 || !touches_maze(scan_from))
        ++scan_from;
      current = scan_from;
      join_to_visited(g, current, visited, r);
    }
    visit(current);
    --remaining;
  }
  return g;
}

// Hunt-and-kill with a random hunt: the walk is the same, but the hunt takes a
// uniformly random unvisited cell among those next to the visited region (kept
// in a frontier set), so the maze has no drift toward the scan's start.
grid hunt_and_kill_random(std::int32_t width, std::int32_t height, rng& r) {
  grid g(width, height);
  const index n = g.cell_count();
  std::vector<std::uint8_t> visited(n, 0);
  frontier_set frontier(n);
  direction options[4];
  index current = r.below(n);
  frontier.visit(g, current, visited);
  index remaining = n - 1;
  while (remaining > 0) {
    const int k = neighbours_where(g, current, options, [&](index j) { return visited[j] == 0; });
    if (k > 0) {
      const direction d = pick_direction(options, k, r);
      g.set_open(current, d, true);
      current = g.neighbour(current, d);
    } else {
      current = frontier.pick(r);
      join_to_visited(g, current, visited, r);
    }
    frontier.visit(g, current, visited);
    --remaining;
  }
  return g;
}

// The recursive backtracker ("digging"): a depth-first walk that carves into a
// random unvisited neighbour and backs up when boxed in. Iterative, with an
// explicit stack, so 8192 x 8192 cannot overflow the call stack. O(cells).
grid recursive_backtracker(std::int32_t width, std::int32_t height, rng& r) {
  grid g(width, height);
  const index n = g.cell_count();
  std::vector<std::uint8_t> visited(n, 0);
  std::vector<index> stack;
  const index start = r.below(n);
  visited[start] = 1;
  stack.push_back(start);
  direction options[4];
  while (!stack.empty()) {
    const index i = stack.back();
    const int k = neighbours_where(g, i, options, [&](index j) { return visited[j] == 0; });
    if (k == 0) {
      stack.pop_back();
      continue;
    }
    const direction d = pick_direction(options, k, r);
    g.set_open(i, d, true);
    const index j = g.neighbour(i, d);
    visited[j] = 1;
    stack.push_back(j);
  }
  return g;
}

// Aldous-Broder: a pure random walk that opens the wall whenever it enters a
// cell for the first time. Gives a uniform spanning tree; costs the walk's
// cover time, about cells x log^2(cells) steps, bounded by walk_budget.
grid aldous_broder(std::int32_t width, std::int32_t height, rng& r) {
  grid g(width, height);
  const index n = g.cell_count();
  std::vector<std::uint8_t> visited(n, 0);
  index current = r.below(n);
  visited[current] = 1;
  index remaining = n - 1;
  direction options[4];
  for (std::uint64_t steps = walk_budget(n); remaining > 0; --steps) {
    if (steps == 0) {
      finish_from_frontier(g, visited, r);
      break;
    }
    const int k = neighbours_where(g, current, options, [](index) { return true; });
    const direction d = pick_direction(options, k, r);
    const index next = g.neighbour(current, d);
    if (visited[next] == 0) {
      g.set_open(current, d, true);
      visited[next] = 1;
      --remaining;
    }
    current = next;
  }
  return g;
}

// Wilson: loop-erased random walks. From each cell not yet in the tree, walk at
// random, remembering only the last exit taken from each cell (which erases
// loops), until the tree is hit; then carve the remembered route. Uniform
// spanning tree, usually much faster than Aldous-Broder; its walks too stop at
// walk_budget (a walk cut short carves nothing).
grid wilson(std::int32_t width, std::int32_t height, rng& r) {
  grid g(width, height);
  const index n = g.cell_count();
  std::vector<std::uint8_t> in_tree(n, 0);
  std::vector<direction> exit(n, direction::north);
  in_tree[r.below(n)] = 1;
  direction options[4];
  std::uint64_t steps = walk_budget(n);
  for (index start = 0; start < n; ++start) {
    if (in_tree[start] != 0) continue;
    index current = start;
    while (in_tree[current] == 0) {
      if (steps-- == 0) {
        finish_from_frontier(g, in_tree, r);
        return g;
      }
      const int k = neighbours_where(g, current, options, [](index) { return true; });
      const direction d = pick_direction(options, k, r);
      exit[current] = d;
      current = g.neighbour(current, d);
    }
    current = start;
    while (in_tree[current] == 0) {
      in_tree[current] = 1;
      g.set_open(current, exit[current], true);
      current = g.neighbour(current, exit[current]);
    }
  }
  return g;
}

}  // namespace ariadne::generators
