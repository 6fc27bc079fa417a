#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "core/game/maze_source.hpp"
#include "core/game/run.hpp"
#include "core/game/run_options.hpp"
#include "core/maze/cell.hpp"

namespace ariadne {

// What a run was started with: who plays it, and everything needed to build
// its maze and its rules again. Fixed once the run has started.
struct run_start {
  std::uint64_t run_id = 0;
  std::string player;
  std::string bot;  // as its client named it ("" for none)
  maze_source source;
  std::int32_t width = 0;
  std::int32_t height = 0;
  cell start;
  std::uint64_t seed = 0;
  run_options options;
  std::uint64_t max_steps = 0;
  std::chrono::system_clock::time_point started_at;
};

// What run r was started with, played by `player` (with `bot`) since started_at.
inline run_start start_of(const run& r, std::string player, std::string bot,
                          std::chrono::system_clock::time_point started_at) {
  run_start s;
  s.run_id = r.id();
  s.player = std::move(player);
  s.bot = std::move(bot);
  s.source = r.source();
  s.width = r.maze().width();
  s.height = r.maze().height();
  s.start = r.start();
  s.seed = r.seed();
  s.options = r.options();
  s.max_steps = r.max_steps();
  s.started_at = started_at;
  return s;
}

}  // namespace ariadne
