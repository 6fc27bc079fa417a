#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/maze/cell.hpp"
#include "core/maze/direction.hpp"

namespace ariadne {

// A rectangular maze: W x H cells whose shared sides are open or walled.
// Two bits a cell (east side, north side) in packed words; the outer boundary
// has no bit and is always closed, so a 4096 x 4096 maze takes 4 MiB.
class grid {
 public:
  using index = std::uint32_t;

  static constexpr std::int32_t max_side = 8192;

  // A grid with every interior wall standing. Throws std::invalid_argument
  // unless 1 <= width, height <= max_side.
  grid(std::int32_t width, std::int32_t height);

  std::int32_t width() const { return width_; }
  std::int32_t height() const { return height_; }
  index cell_count() const { return static_cast<index>(width_) * static_cast<index>(height_); }

  bool contains(cell c) const { return within(c, width_, height_); }
  index index_of(cell c) const {
    return static_cast<index>(c.y) * static_cast<index>(width_) + static_cast<index>(c.x);
  }
  cell cell_at(index i) const {
    return {static_cast<std::int32_t>(i % static_cast<index>(width_)),
            static_cast<std::int32_t>(i / static_cast<index>(width_))};
  }

  // True when the side d of cell i leads to another cell that is not walled off.
  bool is_open(index i, direction d) const {
    switch (d) {
      case direction::north:
        return test(north_open_, i);
      case direction::east:
        return test(east_open_, i);
      case direction::south:
        return i >= static_cast<index>(width_) && test(north_open_, i - static_cast<index>(width_));
      case direction::west:
        return i % static_cast<index>(width_) != 0 && test(east_open_, i - 1);
    }
    return false;
  }
  // Cells outside the grid have every side closed.
  bool is_open(cell c, direction d) const { return contains(c) && is_open(index_of(c), d); }

  // True when side d of cell i is an interior side, one that may be opened.
  bool is_interior(index i, direction d) const {
    switch (d) {
      case direction::north:
        return i / static_cast<index>(width_) + 1 < static_cast<index>(height_);
      case direction::east:
        return i % static_cast<index>(width_) + 1 < static_cast<index>(width_);
      case direction::south:
        return i >= static_cast<index>(width_);
      case direction::west:
        return i % static_cast<index>(width_) != 0;
    }
    return false;
  }
  bool is_interior(cell c, direction d) const { return contains(c) && is_interior(index_of(c), d); }

  // The index of the neighbour through side d; only for interior sides.
  index neighbour(index i, direction d) const {
    switch (d) {
      case direction::north:
        return i + static_cast<index>(width_);
      case direction::east:
        return i + 1;
      case direction::south:
        return i - static_cast<index>(width_);
      case direction::west:
        return i - 1;
    }
    return i;
  }

  // Opens or closes an interior side (both cells see the change). Returns false,
  // changing nothing, when the side is on the boundary.
  bool set_open(index i, direction d, bool open);
  bool set_open(cell c, direction d, bool open) {
    return contains(c) && set_open(index_of(c), d, open);
  }

  // A 4-bit mask of the open sides of cell i, bit k for direction k.
  unsigned open_mask(index i) const {
    return (is_open(i, direction::north) ? 1U : 0U) | (is_open(i, direction::east) ? 2U : 0U) |
           (is_open(i, direction::south) ? 4U : 0U) | (is_open(i, direction::west) ? 8U : 0U);
  }
  int open_count(index i) const;

  // Number of open interior sides (passages between two cells).
  std::uint64_t passage_count() const;
  // Number of interior sides, open or not: W (H - 1) + H (W - 1).
  std::uint64_t interior_side_count() const;

  void close_all();
  void open_all();

  // Bytes held by the wall storage.
  std::size_t memory_bytes() const {
    return (east_open_.capacity() + north_open_.capacity()) * sizeof(std::uint64_t);
  }

  friend bool operator==(const grid&, const grid&) = default;

 private:
  static bool test(const std::vector<std::uint64_t>& bits, index i) {
    return (bits[i >> 6U] >> (i & 63U)) & 1U;
  }
  static void assign(std::vector<std::uint64_t>& bits, index i, bool value) {
    const std::uint64_t mask = std::uint64_t{1} << (i & 63U);
    if (value) {
      bits[i >> 6U] |= mask;
    } else {
      bits[i >> 6U] &= ~mask;
    }
  }

  std::int32_t width_;
  std::int32_t height_;
  std::vector<std::uint64_t> east_open_;
  std::vector<std::uint64_t> north_open_;
};

}  // namespace ariadne
