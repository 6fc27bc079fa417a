#pragma once

#include <cstdint>
#include <vector>

#include "core/maze/cell.hpp"
#include "core/maze/direction.hpp"

namespace ariadne {

// Per-cell and per-passage notes a bot keeps about a maze of known size.
// Passages are numbered per cell: its east side and its north side.
class maze_memory {
 public:
  maze_memory(std::int32_t width, std::int32_t height)
      : width_(width),
        height_(height),
        cells_(static_cast<std::size_t>(width) * static_cast<std::size_t>(height)) {}

  std::int32_t width() const { return width_; }
  std::int32_t height() const { return height_; }
  std::size_t cells() const { return cells_; }
  bool contains(cell c) const { return within(c, width_, height_); }
  std::size_t index(cell c) const {
    return static_cast<std::size_t>(c.y) * static_cast<std::size_t>(width_) +
           static_cast<std::size_t>(c.x);
  }
  // The passage through side d of c (which must lead to another cell).
  std::size_t passage(cell c, direction d) const {
    switch (d) {
      case direction::east:
        return index(c) * 2;
      case direction::north:
        return index(c) * 2 + 1;
      case direction::west:
        return index(step(c, d)) * 2;
      case direction::south:
        return index(step(c, d)) * 2 + 1;
    }
    return 0;
  }
  std::size_t passages() const { return cells_ * 2; }

 private:
  std::int32_t width_;
  std::int32_t height_;
  std::size_t cells_;
};

}  // namespace ariadne
