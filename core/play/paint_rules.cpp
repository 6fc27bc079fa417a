#include "core/play/paint_rules.hpp"

#include <string>

#include "core/model/limits.hpp"

namespace ariadne {

std::optional<request_error> check_paint_cells(const run& r, std::span<const paint_mark> cells) {
  for (const paint_mark& m : cells) {
    if (m.x < 0 || m.y < 0 || m.x >= r.maze().width() || m.y >= r.maze().height()) {
      return request_error{errc::bad_request, "the cell (" + std::to_string(m.x) + ", " +
                                                  std::to_string(m.y) + ") is outside the maze"};
    }
  }
  return std::nullopt;
}

std::size_t paint_weight(std::size_t cells, bool logs) {
  return cells + (logs ? limits::paint_log_cells : 0);
}

std::size_t paint_cost(std::size_t cells, bool logs) {
  return paint_weight(cells, logs) + 1;
}

std::optional<request_error> paint_tally::add(bool clear, std::span<const paint_mark> cells,
                                              bool logs) {
  const std::size_t cost = paint_cost(cells.size(), logs);
  if (spent_ + cost > limits::paint_cells_per_run) {
    return request_error{errc::too_large, "a run paints at most " +
                                              std::to_string(limits::paint_cells_per_run) +
                                              " cells in all: its paint is kept as it is"};
  }
  spent_ += cost;
  if (clear) marked_.clear();
  for (const paint_mark& m : cells) {
    if (m.colour.empty() && m.text.empty()) {
      marked_.erase({m.x, m.y});
    } else {
      marked_.insert({m.x, m.y});
    }
  }
  return std::nullopt;
}

}  // namespace ariadne
