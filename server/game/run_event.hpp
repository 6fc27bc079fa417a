#pragma once

#include <cstdint>

#include "server/game/run_status.hpp"
#include "server/maze/cell.hpp"
#include "server/maze/direction.hpp"

namespace ariadne {

enum class run_event_kind : std::uint8_t { started, moved, bumped, found, finished };

// One change to a run. Small and allocation-free so that reporting every move
// costs nothing when no one listens. `treasure` is where the current treasure
// now is (spectators and replays may show it; players never see it).
struct run_event {
  run_event_kind kind = run_event_kind::started;
  std::uint64_t run_id = 0;
  cell position;
  direction dir = direction::north;  // for moved and bumped
  cell treasure;
  std::uint64_t steps = 0;
  std::uint64_t bumps = 0;
  std::uint32_t found = 0;
  run_status status = run_status::active;
};

// Receives every event of the runs it is attached to, on the thread that plays
// the run. A live spectator stream, replays and a results store plug in here.
class run_observer {
 public:
  virtual ~run_observer() = default;
  virtual void on_event(const run_event& event) = 0;
};

}  // namespace ariadne
