#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/game/maze_source.hpp"
#include "core/game/run_event.hpp"
#include "core/game/run_options.hpp"
#include "core/maze/maze_layout.hpp"
#include "core/maze/rng.hpp"
#include "core/maze/wall.hpp"
#include "core/model/run_result.hpp"
#include "core/model/run_status.hpp"

namespace ariadne {

// One drone in one maze, hunting hidden treasure. The drone only ever learns
// its own cell: which sides are open and whether the treasure is there. Every
// step counts, and a move into a wall counts as a bump. Pure rules: no I/O.
// Every change is reported to the observer, if any (run_event.hpp).
class run {
 public:
  using clock = std::chrono::steady_clock;

  struct move_effect {
    bool moved = false;
    bool found = false;
  };

  // Starts a run in layout (the drone at its start cell, or (0, 0)); the
  // treasure goes to one of its goal cells reachable from the start, chosen by
  // seed, or else to a random reachable cell. Returns nullopt and sets error
  // when no treasure can be hidden.
  static std::optional<run> create(std::uint64_t id, maze_layout layout, maze_source source,
                                   std::uint64_t seed, const run_options& options,
                                   clock::time_point now, run_observer* observer,
                                   std::string& error);

  std::uint64_t id() const { return id_; }
  std::uint64_t seed() const { return seed_; }
  const grid& maze() const { return layout_.walls; }
  // The walls, start and goals as they stand (before any move: as the run began).
  const maze_layout& layout() const { return layout_; }
  const maze_source& source() const { return source_; }
  const run_options& options() const { return options_; }
  cell start() const { return start_; }
  cell position() const { return position_; }
  // Bit k set when side k (direction order N, E, S, W) of the drone's cell is open.
  unsigned open_mask() const { return layout_.walls.open_mask(layout_.walls.index_of(position_)); }
  // True on the cell where the drone has just found a treasure.
  bool treasure_here() const { return on_treasure_; }
  std::uint64_t steps() const { return steps_; }
  std::uint64_t bumps() const { return bumps_; }
  std::uint32_t found() const { return found_; }
  std::uint32_t treasures() const { return options_.treasures; }
  std::uint64_t max_steps() const { return max_steps_; }
  run_status status() const { return status_; }
  bool active() const { return status_ == run_status::active; }
  // Where the current treasure is hidden: for spectators and tests, never for players.
  cell treasure() const { return treasure_; }

  // One move; only while active.
  move_effect move(direction d);
  // Moves one by one, stopping after the first bump, the first treasure found
  // or the end of the run; returns how many moves were attempted. Each counts
  // exactly as if sent alone.
  std::uint32_t follow(std::span<const direction> dirs);
  void abandon();
  // Ends the run as timed out when its time limit has passed; true if it did.
  bool expire_if_due(clock::time_point now);
  // Ends the run as timed out now (a host's idle limit); only while active.
  void time_out();
  // Starts the time limit again from now (a run set up ahead of being played).
  void restart_clock(clock::time_point now);
  // When the time limit ends the run, if it has one.
  std::optional<clock::time_point> deadline() const { return deadline_; }

  run_result result() const;

 private:
  run(std::uint64_t id, maze_layout layout, maze_source source, std::uint64_t seed,
      const run_options& options, clock::time_point now, run_observer* observer);

  bool hide_treasure(bool first);
  void finish(run_status status);
  void emit(run_event_kind kind, direction d = direction::north) const;
  void emit(const run_event& event) const;

  std::uint64_t id_;
  maze_layout layout_;
  maze_source source_;
  std::uint64_t seed_;
  run_options options_;
  rng rng_;
  run_observer* observer_;
  std::optional<clock::time_point> deadline_;
  std::uint64_t max_steps_;
  cell start_;
  cell position_;
  cell treasure_;
  bool on_treasure_ = false;
  std::uint64_t steps_ = 0;
  std::uint64_t bumps_ = 0;
  std::uint32_t found_ = 0;
  std::uint64_t optimal_ = 0;
  run_status status_ = run_status::active;
  std::vector<wall> fallen_;  // reused: the walls of the last walls_removed event
};

}  // namespace ariadne
