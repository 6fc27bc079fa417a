#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/maze/cell.hpp"
#include "core/model/paint.hpp"
#include "core/model/run_result.hpp"
#include "core/model/run_status.hpp"

namespace ariadne::protocol {

// The spectator stream's messages (protocol/PROTOCOL.md, "Watching a run").
// A trail has one letter per move attempt: upper case when the drone moved,
// lower case when it bumped. Cells the drone has sensed are hex digits of the
// JSON maze format's walls (north 8, east 4, south 2, west 1); '.' is fog.

// Everything the drone has sensed so far, and where it stands.
struct spectator_snapshot {
  std::uint64_t run = 0;
  std::uint64_t boot = 0;  // the server's start: written as 16 hex digits
  std::string player;
  std::string bot;   // "" when its client named none
  std::string maze;  // generator, maze name, or the challenge of a ranked run
  bool ranked = false;
  std::int32_t width = 0;
  std::int32_t height = 0;
  cell start;
  std::uint32_t treasures = 0;
  std::uint64_t max_steps = 0;
  std::uint32_t bump_penalty = 0;
  std::uint64_t seq = 0;
  std::string trail;
  std::vector<std::uint64_t> finds;  // trail indexes after which a treasure was found
  std::string sensed;                // one character a cell, in the walls' order
  cell position;
  std::uint64_t steps = 0;
  std::uint64_t bumps = 0;
  std::uint32_t found = 0;
  std::uint64_t score = 0;
  run_status status = run_status::active;
};

// What happened since the last message: the move attempts, and for each the
// cell the drone then stands on, as it sensed it.
struct spectator_steps {
  std::uint64_t seq = 0;
  std::string trail;
  std::string open;  // one walls digit per trail letter
  std::vector<std::uint64_t> finds;
  cell position;
  std::uint64_t steps = 0;
  std::uint64_t bumps = 0;
  std::uint32_t found = 0;
  std::uint64_t score = 0;
};

// The run has ended. replay is the address of its replay (GET
// /api/replays/{run}) once the rules allow the maze to be shown, else empty.
struct spectator_end {
  std::uint64_t seq = 0;
  run_result result;
  std::string replay;
  std::optional<std::uint64_t> elapsed_ms;  // from its start to its end, when known
};

// What the bot painted since the last message (its paints in order).
struct spectator_paint {
  std::vector<paint_event> events;
};

std::string write_spectator_message(const spectator_snapshot& snapshot);
std::string write_spectator_message(const spectator_paint& paint);
std::string write_spectator_message(const spectator_steps& steps);
std::string write_spectator_message(const spectator_end& end);

}  // namespace ariadne::protocol
