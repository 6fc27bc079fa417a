#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <span>
#include <utility>

#include "core/game/run.hpp"
#include "core/model/paint.hpp"
#include "core/model/request_error.hpp"

namespace ariadne {

// The rules of a run's paint, for the server and the in-process drone alike.

// Why a paint of these cells cannot be taken in the run (a cell outside its
// maze), or nullopt.
std::optional<request_error> check_paint_cells(const run& r, std::span<const paint_mark> cells);

// What a paint weighs: its cells, and limits::paint_log_cells for a log
// line (a spectator message carries a bounded weight of paint).
std::size_t paint_weight(std::size_t cells, bool logs);
// What a paint costs the run's budget: its weight and one more (so that
// clears alone are bounded too).
std::size_t paint_cost(std::size_t cells, bool logs);

// A run's paint budget and the cells its marks cover: at most
// limits::paint_cells_per_run cells in all, each paint at its paint_cost.
// Not thread-safe.
class paint_tally {
 public:
  // Takes a paint (logs: it carries a log line); the error, taking
  // nothing, past the run's budget.
  std::optional<request_error> add(bool clear, std::span<const paint_mark> cells,
                                   bool logs = false);
  // The cells marked now, after every clear and erase.
  std::uint64_t marks() const { return marked_.size(); }
  // The cells paid for so far.
  std::size_t spent() const { return spent_; }

 private:
  std::size_t spent_ = 0;
  std::set<std::pair<std::int32_t, std::int32_t>> marked_;
};

}  // namespace ariadne
