#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/model/limits.hpp"
#include "core/model/paint.hpp"
#include "core/model/request_error.hpp"
#include "core/play/paint_rules.hpp"

namespace ariadne {

// A run's paints in order, as its spectators and its replay show them,
// within the run's paint budget (core/play's paint_tally). Thread-safe: the
// player's session adds, spectators and the replay read.
class paint_log {
 public:
  // Adds a paint; the error, adding nothing, past the run's budget.
  std::optional<request_error> add(paint_event event);
  // Appends the paints from index `from` on to out; returns how many there are.
  std::size_t copy(std::size_t from, std::vector<paint_event>& out) const;
  // The same, stopping before a paint made after `moves` moves or past
  // `cells` cells in all (one paint always, however big); returns the index
  // to go on from.
  std::size_t copy(std::size_t from, std::vector<paint_event>& out, std::uint64_t moves,
                   std::size_t cells) const;
  // The cells marked now, after every clear and erase.
  std::uint64_t marks() const;
  // What a cell of paint may hold, its share of its event and its mark's
  // index entry included; the most a run's paint may hold.
  static constexpr std::uint64_t cell_bytes = sizeof(paint_event) + sizeof(paint_mark) + 64;
  static constexpr std::uint64_t worst_bytes = limits::paint_cells_per_run * cell_bytes;
  // A log line (up to 4 bytes a character) fits in the cells it costs.
  static_assert(limits::paint_log_cells * cell_bytes >=
                4 * limits::paint_log.max_length + sizeof(std::string));
  // What the paints so far may hold (the cells they cost, at cell_bytes).
  std::uint64_t bytes() const;

 private:
  mutable std::mutex mutex_;
  std::vector<paint_event> events_;
  paint_tally tally_;
};

}  // namespace ariadne
