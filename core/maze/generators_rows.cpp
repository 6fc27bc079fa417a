// Generators that work row by row or by splitting the grid: binary tree,
// sidewinder, Eller, stick-knocking and recursive division.
#include <vector>

#include "core/maze/generators.hpp"

namespace ariadne::generators {

namespace {

using index = grid::index;

}  // namespace

// Binary tree: every cell opens its north or its east side, at random where
// both are interior. Leaves open corridors along the north and east edges and a
// strong diagonal bias. O(cells).
grid binary_tree(std::int32_t width, std::int32_t height, rng& r) {
  grid g(width, height);
  for (std::int32_t y = 0; y < height; ++y) {
    for (std::int32_t x = 0; x < width; ++x) {
      const bool can_north = y + 1 < height;
      const bool can_east = x + 1 < width;
      if (can_north && can_east) {
        g.set_open(cell{x, y}, r.coin() ? direction::north : direction::east, true);
      } else if (can_north) {
        g.set_open(cell{x, y}, direction::north, true);
      } else if (can_east) {
        g.set_open(cell{x, y}, direction::east, true);
      }
    }
  }
  return g;
}

// Sidewinder: row by row from the south, extend a run of cells eastward; at
// random (and at the east edge) close the run by opening north from one of its
// cells. The northern row is one corridor. O(cells).
grid sidewinder(std::int32_t width, std::int32_t height, rng& r) {
  grid g(width, height);
  for (std::int32_t y = 0; y < height; ++y) {
    std::int32_t run_start = 0;
    for (std::int32_t x = 0; x < width; ++x) {
      if (y + 1 == height) {
        g.set_open(cell{x, y}, direction::east, true);
        continue;
      }
      const bool close_run = x + 1 == width || r.coin();
      if (!close_run) {
        g.set_open(cell{x, y}, direction::east, true);
        continue;
      }
      const auto length = static_cast<std::uint32_t>(x - run_start + 1);
      const auto chosen = run_start + static_cast<std::int32_t>(r.below(length));
      g.set_open(cell{chosen, y}, direction::north, true);
      run_start = x + 1;
    }
  }
  return g;
}

// Eller: one row at a time with the set (connected part) of each cell known.
// Join neighbours of different sets at random, then carry every set north
// through at least one cell; the last row joins whatever is still apart.
// Needs O(width) memory and O(cells) time.
grid eller(std::int32_t width, std::int32_t height, rng& r) {
  grid g(width, height);
  const auto w = static_cast<index>(width);
  // label[x]: a column standing for x's set; the label of a carried set is a
  // column carried north, so a fresh cell (labelled by its own column) never
  // collides with it.
  std::vector<index> label(w);
  std::vector<index> parent(w);
  std::vector<index> head(w);
  std::vector<index> next(w);
  std::vector<index> rep(w);
  std::vector<std::uint8_t> carried(w);
  constexpr index none = ~index{0};
  for (index x = 0; x < w; ++x)
    label[x] = x;
  auto find = [&](index x) {
    while (parent[x] != x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  for (std::int32_t y = 0; y < height; ++y) {
    const bool last = y + 1 == height;
    for (index x = 0; x < w; ++x)
      parent[x] = label[x];
    for (index x = 0; x + 1 < w; ++x) {
      const index a = find(x);
      const index b = find(x + 1);
      if (a == b || (!last && !r.coin())) continue;
      g.set_open(cell{static_cast<std::int32_t>(x), y}, direction::east, true);
      parent[b] = a;
    }
    if (last) break;
    // Members of each set, in column order, as linked lists from head[root].
    std::fill(head.begin(), head.end(), none);
    for (index x = w; x-- > 0;) {
      const index root = find(x);
      next[x] = head[root];
      head[root] = x;
    }
    std::fill(carried.begin(), carried.end(), std::uint8_t{0});
    for (index root = 0; root < w; ++root) {
      if (head[root] == none) continue;
      std::uint32_t members = 0;
      for (index x = head[root]; x != none; x = next[x])
        ++members;
      const std::uint32_t forced = r.below(members);
      std::uint32_t k = 0;
      for (index x = head[root]; x != none; x = next[x], ++k) {
        if (k == forced || r.coin()) carried[x] = 1;
      }
    }
    std::fill(rep.begin(), rep.end(), none);
    for (index x = 0; x < w; ++x) {
      if (carried[x] == 0) {
        label[x] = x;
        continue;
      }
      g.set_open(cell{static_cast<std::int32_t>(x), y}, direction::north, true);
      const index root = find(x);
      if (rep[root] == none) rep[root] = x;
      label[x] = rep[root];
    }
  }
  return g;
}

// Stick-knocking (the pillar or "stick-falling" method): start with every
// interior wall down and a pillar at each interior corner. Row by row from the
// north, each pillar knocks one stick (a wall segment) down toward a random
// neighbour corner: pillars of the first row in any of four directions, later
// rows never north, and never onto a wall that already stands. Every pillar
// adds exactly one wall and no walls can close a loop (that would need a later
// row to point north), so the maze is perfect. O(cells).
grid stick_knocking(std::int32_t width, std::int32_t height, rng& r) {
  grid g(width, height);
  g.open_all();
  // The corner (px, py) touches cells (px - 1, py - 1), (px, py - 1),
  // (px - 1, py) and (px, py). A stick from it closes one of these sides.
  auto side_of = [](std::int32_t px, std::int32_t py, direction d) -> std::pair<cell, direction> {
    switch (d) {
      case direction::north:
        return {cell{px - 1, py}, direction::east};
      case direction::south:
        return {cell{px - 1, py - 1}, direction::east};
      case direction::east:
        return {cell{px, py - 1}, direction::north};
      case direction::west:
        return {cell{px - 1, py - 1}, direction::north};
    }
    return {cell{px, py}, d};
  };
  direction options[4];
  for (std::int32_t py = height - 1; py >= 1; --py) {
    const bool first_row = py == height - 1;
    for (std::int32_t px = 1; px < width; ++px) {
      int k = 0;
      for (const direction d : all_directions) {
        if (d == direction::north && !first_row) continue;
        const auto [c, side] = side_of(px, py, d);
        if (g.is_open(c, side)) options[k++] = d;
      }
      const direction d = options[k == 1 ? 0 : r.below(static_cast<std::uint32_t>(k))];
      const auto [c, side] = side_of(px, py, d);
      g.set_open(c, side, false);
    }
  }
  return g;
}

// Recursive division: start with no interior walls and split each chamber
// with a wall that has a single gap, across its longer side (a coin toss when
// square), until chambers are one cell wide. Iterative with a stack of
// chambers. O(cells x log(cells)).
grid recursive_division(std::int32_t width, std::int32_t height, rng& r) {
  grid g(width, height);
  g.open_all();
  struct chamber {
    std::int32_t x, y, w, h;
  };
  std::vector<chamber> stack{{0, 0, width, height}};
  while (!stack.empty()) {
    const chamber c = stack.back();
    stack.pop_back();
    if (c.w < 2 || c.h < 2) continue;
    const bool horizontal = c.w < c.h || (c.w == c.h && r.coin());
    if (horizontal) {
      // A wall along the north sides of row wy, with a gap at column gap.
      const std::int32_t wy =
          c.y + static_cast<std::int32_t>(r.below(static_cast<std::uint32_t>(c.h - 1)));
      const std::int32_t gap =
          c.x + static_cast<std::int32_t>(r.below(static_cast<std::uint32_t>(c.w)));
      for (std::int32_t x = c.x; x < c.x + c.w; ++x) {
        if (x != gap) g.set_open(cell{x, wy}, direction::north, false);
      }
      stack.push_back({c.x, c.y, c.w, wy - c.y + 1});
      stack.push_back({c.x, wy + 1, c.w, c.y + c.h - wy - 1});
    } else {
      const std::int32_t wx =
          c.x + static_cast<std::int32_t>(r.below(static_cast<std::uint32_t>(c.w - 1)));
      const std::int32_t gap =
          c.y + static_cast<std::int32_t>(r.below(static_cast<std::uint32_t>(c.h)));
      for (std::int32_t y = c.y; y < c.y + c.h; ++y) {
        if (y != gap) g.set_open(cell{wx, y}, direction::east, false);
      }
      stack.push_back({c.x, c.y, wx - c.x + 1, c.h});
      stack.push_back({wx + 1, c.y, c.x + c.w - wx - 1, c.h});
    }
  }
  return g;
}

}  // namespace ariadne::generators
