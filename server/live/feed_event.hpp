#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "core/game/run_event.hpp"
#include "core/maze/cell.hpp"
#include "core/maze/wall.hpp"
#include "core/model/run_result.hpp"
#include "core/model/run_status.hpp"
#include "server/live/run_start.hpp"

namespace ariadne {

// The rare parts of an event, shared by every listener that receives it.
struct feed_detail {
  std::shared_ptr<const run_start> start;  // started
  std::vector<wall> walls;                 // walls_removed
  std::optional<run_result> result;        // finished
};

// A run event as a listener receives it: a copy that outlives the call, with
// the counters after it and its place in the run (seq 1 is started, each
// event one more). Any event gives the run's exact counters at that point.
struct feed_event {
  std::uint64_t seq = 0;
  run_event_kind kind = run_event_kind::started;
  direction dir = direction::north;
  run_status status = run_status::active;
  cell position;
  cell treasure;  // secret: see run_event
  std::uint64_t steps = 0;
  std::uint64_t bumps = 0;
  std::uint32_t found = 0;
  std::shared_ptr<const feed_detail> detail;  // started, walls_removed, finished
};

}  // namespace ariadne
