#include "core/maze/grid.hpp"

#include <bit>
#include <stdexcept>
#include <string>

namespace ariadne {

grid::grid(std::int32_t width, std::int32_t height) : width_(width), height_(height) {
  if (width < 1 || height < 1 || width > max_side || height > max_side) {
    throw std::invalid_argument("maze size " + std::to_string(width) + "x" +
                                std::to_string(height) + " is outside 1x1.." +
                                std::to_string(max_side) + "x" + std::to_string(max_side));
  }
  const std::size_t words = (static_cast<std::size_t>(cell_count()) + 63U) / 64U;
  east_open_.assign(words, 0);
  north_open_.assign(words, 0);
}

bool grid::set_open(index i, direction d, bool open) {
  if (!is_interior(i, d)) return false;
  switch (d) {
    case direction::north:
      assign(north_open_, i, open);
      break;
    case direction::east:
      assign(east_open_, i, open);
      break;
    case direction::south:
      assign(north_open_, i - static_cast<index>(width_), open);
      break;
    case direction::west:
      assign(east_open_, i - 1, open);
      break;
  }
  return true;
}

int grid::open_count(index i) const {
  return std::popcount(open_mask(i));
}

std::uint64_t grid::passage_count() const {
  std::uint64_t total = 0;
  for (const std::uint64_t word : east_open_)
    total += static_cast<std::uint64_t>(std::popcount(word));
  for (const std::uint64_t word : north_open_)
    total += static_cast<std::uint64_t>(std::popcount(word));
  return total;
}

std::uint64_t grid::interior_side_count() const {
  const auto w = static_cast<std::uint64_t>(width_);
  const auto h = static_cast<std::uint64_t>(height_);
  return w * (h - 1) + h * (w - 1);
}

void grid::close_all() {
  std::fill(east_open_.begin(), east_open_.end(), 0);
  std::fill(north_open_.begin(), north_open_.end(), 0);
}

void grid::open_all() {
  close_all();
  const index n = cell_count();
  for (index i = 0; i < n; ++i) {
    if (is_interior(i, direction::east)) assign(east_open_, i, true);
    if (is_interior(i, direction::north)) assign(north_open_, i, true);
  }
}

}  // namespace ariadne
