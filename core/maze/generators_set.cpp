// Generators that grow a tree from a set of cells or edges: Prim, Kruskal and
// the growing tree family.
#include <numeric>
#include <vector>

#include "core/maze/frontier_set.hpp"
#include "core/maze/generators.hpp"
#include "core/maze/neighbours.hpp"

namespace ariadne::generators {

namespace {

using index = grid::index;

enum class selection { newest, random, mixed };

// Growing tree: keep a list of active cells; take one (the newest, a random
// one, or a coin toss between the two), carve to a random unvisited
// neighbour and add it, or retire the cell when it has none. Newest behaves
// like the backtracker, random like Prim. O(cells).
grid growing_tree(std::int32_t width, std::int32_t height, rng& r, selection how) {
  grid g(width, height);
  const index n = g.cell_count();
  std::vector<std::uint8_t> visited(n, 0);
  std::vector<index> active;
  const index start = r.below(n);
  visited[start] = 1;
  active.push_back(start);
  direction options[4];
  while (!active.empty()) {
    const auto size = static_cast<std::uint32_t>(active.size());
    bool take_newest = how == selection::newest;
    if (how == selection::mixed) take_newest = r.coin();
    const std::uint32_t at = take_newest ? size - 1 : r.below(size);
    const index i = active[at];
    const int k = neighbours_where(g, i, options, [&](index j) { return visited[j] == 0; });
    if (k == 0) {
      // Retire by moving the last entry into the hole: O(1), deterministic.
      active[at] = active.back();
      active.pop_back();
      continue;
    }
    const direction d = pick_direction(options, k, r);
    g.set_open(i, d, true);
    const index j = g.neighbour(i, d);
    visited[j] = 1;
    active.push_back(j);
  }
  return g;
}

// Disjoint sets with path halving and union by size.
class disjoint_sets {
 public:
  explicit disjoint_sets(index n) : parent_(n), size_(n, 1) {
    std::iota(parent_.begin(), parent_.end(), index{0});
  }

  index find(index i) {
    while (parent_[i] != i) {
      parent_[i] = parent_[parent_[i]];
      i = parent_[i];
    }
    return i;
  }

  // Joins the sets of a and b; false when they were already one.
  bool unite(index a, index b) {
    a = find(a);
    b = find(b);
    if (a == b) return false;
    if (size_[a] < size_[b]) std::swap(a, b);
    parent_[b] = a;
    size_[a] += size_[b];
    return true;
  }

 private:
  std::vector<index> parent_;
  std::vector<index> size_;
};

}  // namespace

// Randomized Prim: grow one region from a random cell; repeatedly take a
// random frontier cell (unvisited, next to the region) and join it to a random
// visited neighbour. O(cells).
grid prim(std::int32_t width, std::int32_t height, rng& r) {
  grid g(width, height);
  const index n = g.cell_count();
  std::vector<std::uint8_t> visited(n, 0);
  frontier_set frontier(n);
  frontier.visit(g, r.below(n), visited);
  while (!frontier.empty()) {
    const index i = frontier.pick(r);
    join_to_visited(g, i, visited, r);
    frontier.visit(g, i, visited);
  }
  return g;
}

// Randomized Kruskal: shuffle every interior wall and knock each one down when
// the cells on its two sides are not yet connected (disjoint sets).
// O(cells x inverse Ackermann) after the shuffle.
grid kruskal(std::int32_t width, std::int32_t height, rng& r) {
  grid g(width, height);
  const index n = g.cell_count();
  // An edge is (cell << 1) | 0 for its east side, | 1 for its north side.
  std::vector<index> edges;
  edges.reserve(static_cast<std::size_t>(g.interior_side_count()));
  for (index i = 0; i < n; ++i) {
    if (g.is_interior(i, direction::east)) edges.push_back(i << 1U);
    if (g.is_interior(i, direction::north)) edges.push_back((i << 1U) | 1U);
  }
  r.shuffle(std::span<index>(edges));
  disjoint_sets sets(n);
  index joined = 0;
  for (const index e : edges) {
    if (joined + 1 == n) break;
    const index i = e >> 1U;
    const direction d = (e & 1U) != 0 ? direction::north : direction::east;
    if (sets.unite(i, g.neighbour(i, d))) {
      g.set_open(i, d, true);
      ++joined;
    }
  }
  return g;
}

grid growing_tree_newest(std::int32_t width, std::int32_t height, rng& r) {
  return growing_tree(width, height, r, selection::newest);
}

grid growing_tree_random(std::int32_t width, std::int32_t height, rng& r) {
  return growing_tree(width, height, r, selection::random);
}

grid growing_tree_mixed(std::int32_t width, std::int32_t height, rng& r) {
  return growing_tree(width, height, r, selection::mixed);
}

}  // namespace ariadne::generators
