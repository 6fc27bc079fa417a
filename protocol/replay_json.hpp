#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/model/paint.hpp"
#include "core/model/run_result.hpp"
#include "core/play/replayer.hpp"

namespace ariadne::protocol {

// A finished run as anyone may audit it: what it was started with (its
// maze's source, the maze itself and the SHA-256 of its walls, the options),
// its moves, what the moves showed (treasures, falling walls) and its result.
struct replay_document {
  std::uint64_t run = 0;
  std::string player;
  std::string bot;           // as its client named it in hello; "" when it did not
  std::string label;         // what replies called the maze: generator, name or challenge
  std::string started_at;    // ISO 8601, UTC
  replay_setup setup;        // layout, source (with the seed), seed, options
  std::string walls_sha256;  // of the walls the run started in (walls_digest)
  std::uint64_t max_steps = 0;
  std::string moves;  // one letter per move attempt, bumps included
  replay_trace trace;
  run_result result;
  std::vector<paint_event> paint;  // what its bot painted, in order ("paint")
};

// The replay format (protocol/PROTOCOL.md, "Replays"):
//   {"format": "ariadne-replay", "version": 1, "run", "player", "bot", "label", "started_at",
//    "source": {"generator", "width", "height", "loops", "seed"} or {"name", "seed"},
//    "maze": <a JSON maze: width, height, walls, start, goals>, "walls_sha256",
//    "options": {"treasures", "reuse_walls_removed", "max_steps", "bump_penalty"},
//    "moves": "NNES...", "treasures": [{"x", "y"}...],
//    "walls_removed": [[{"x", "y", "side"}...]...], "result": {...},
//    "paint": [{"at", "clear", "cells": [{"x", "y", "colour", "text"}...]}...]}
std::string write_replay(const replay_document& replay);

// A replay read back, or nullopt with error set. Checks the format and every
// field's type and range, not the moves: play_replay does that.
std::optional<replay_document> read_replay(std::string_view text, std::string& error);

}  // namespace ariadne::protocol
