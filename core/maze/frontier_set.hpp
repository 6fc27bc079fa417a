#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "core/maze/grid.hpp"
#include "core/maze/neighbours.hpp"
#include "core/maze/rng.hpp"

namespace ariadne {

// A set of cell indices with O(1) insert, erase and uniform random pick, for
// the generators that grow a maze from a frontier (Prim, random hunt).
class frontier_set {
 public:
  explicit frontier_set(grid::index cells) : slot_(cells, absent) {}

  bool empty() const { return items_.empty(); }
  bool contains(grid::index i) const { return slot_[i] != absent; }

  void insert(grid::index i) {
    if (contains(i)) return;
    slot_[i] = static_cast<grid::index>(items_.size());
    items_.push_back(i);
  }

  void erase(grid::index i) {
    const grid::index at = slot_[i];
    if (at == absent) return;
    const grid::index last = items_.back();
    items_[at] = last;
    slot_[last] = at;
    items_.pop_back();
    slot_[i] = absent;
  }

  // Marks i visited: it leaves the frontier and its unvisited neighbours join it.
  void visit(const grid& g, grid::index i, std::vector<std::uint8_t>& visited) {
    visited[i] = 1;
    erase(i);
    direction options[4];
    const int k = neighbours_where(g, i, options, [&](grid::index j) { return visited[j] == 0; });
    for (int m = 0; m < k; ++m)
      insert(g.neighbour(i, options[m]));
  }

  grid::index pick(rng& r) const {
    return items_[r.below(static_cast<std::uint32_t>(items_.size()))];
  }

 private:
  static constexpr grid::index absent = std::numeric_limits<grid::index>::max();

  std::vector<grid::index> items_;
  std::vector<grid::index> slot_;
};

}  // namespace ariadne
