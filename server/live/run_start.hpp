#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "core/game/maze_source.hpp"
#include "core/game/run_options.hpp"
#include "core/maze/cell.hpp"

namespace ariadne {

// What a run was started with: who plays it, and everything needed to build
// its maze and its rules again. Fixed once the run has started.
struct run_start {
  std::uint64_t run_id = 0;
  std::string player;
  maze_source source;
  std::int32_t width = 0;
  std::int32_t height = 0;
  cell start;
  std::uint64_t seed = 0;
  run_options options;
  std::uint64_t max_steps = 0;
  std::chrono::system_clock::time_point started_at;
};

}  // namespace ariadne
