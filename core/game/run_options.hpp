#pragma once

#include <chrono>
#include <cstdint>

namespace ariadne {

// The rules a run is played under, beyond the maze itself, once a request has
// been checked and defaulted (core/play/run_setup.cpp).
struct run_options {
  // Treasures to find; after each find (but the last) a new one is hidden.
  std::uint32_t treasures = 1;
  // Move attempts (steps plus bumps) allowed; 0 means
  // limits::default_moves_per_cell x cells.
  std::uint64_t max_steps = 0;
  // Score = steps + bump_penalty x bumps.
  std::uint32_t bump_penalty = 1;
  // Interior walls knocked down each time a new treasure is hidden.
  std::uint32_t reuse_walls_removed = 0;
  // Wall-clock limit for the whole run; zero means none.
  std::chrono::milliseconds time_limit{0};
  // The treasure is at least this many steps from where the search starts.
  std::int32_t treasure_min_distance = 1;
};

}  // namespace ariadne
