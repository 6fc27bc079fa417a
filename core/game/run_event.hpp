#pragma once

#include <cstdint>
#include <span>

#include "core/maze/cell.hpp"
#include "core/maze/direction.hpp"
#include "core/maze/wall.hpp"
#include "core/model/wire_names.hpp"

namespace ariadne {

class run;

// What happened to a run. In order, a run reports: started; then for each
// command moved or bumped; after a move onto the treasure found, and, when
// more treasures are to be found, walls_removed (the maze reused) and
// treasure_hidden; and last finished. Replaying them rebuilds the run exactly.
enum class run_event_kind : std::uint8_t {
  started,
  moved,
  bumped,
  found,
  walls_removed,
  treasure_hidden,
  finished,
  count  // not a kind
};

inline constexpr wire_names<run_event_kind> run_event_kind_names({"started", "moved", "bumped",
                                                                  "found", "walls_removed",
                                                                  "treasure_hidden", "finished"});
static_assert(run_event_kind_names.complete(), "every run event needs its own wire name");

// One event. Small and allocation-free, so reporting every move costs nothing
// when no one listens. Counters, size, source and result are read from the run
// passed beside it.
struct run_event {
  run_event_kind kind = run_event_kind::started;
  cell position;                     // the drone, after the event
  direction dir = direction::north;  // moved and bumped: the direction tried
  // started and treasure_hidden: where the treasure now is; found: the one
  // found. Secret from players: spectators and replays decide when to show it.
  cell treasure;
  std::span<const wall> walls;  // walls_removed: every wall that fell
};

// Receives every event of the runs it is attached to, synchronously, on the
// thread that plays the run; `r` is valid only during the call. An observer
// must hand events on without waiting (server/live/run_feed does).
class run_observer {
 public:
  virtual ~run_observer() = default;
  virtual void on_event(const run& r, const run_event& event) = 0;
};

}  // namespace ariadne
