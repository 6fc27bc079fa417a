#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <variant>

#include "server/game/maze_catalog.hpp"
#include "server/game/run.hpp"
#include "server/game/run_request.hpp"

namespace ariadne {

// The host's rules that a request cannot change.
struct run_limits {
  std::uint64_t max_maze_cells = 1024ULL * 1024ULL;
  std::uint32_t bump_penalty = 1;
  std::uint64_t max_run_ms = 0;  // caps time_limit_ms; 0 = no cap
};

enum class setup_problem { invalid_maze, unknown_maze, too_large };

struct setup_failure {
  setup_problem problem = setup_problem::invalid_maze;
  std::string message;
};

// A run ready to play, with the name of its maze (generator or file).
struct run_setup {
  run play;
  std::string maze_label;
};

// Builds the run a request asks for, exactly as the server does, so that an
// in-process drone and a networked one play the very same game for the same
// request. seed_if_absent is used when the request names no seed.
std::variant<run_setup, setup_failure> set_up_run(const run_request& request,
                                                  const maze_catalog& catalog,
                                                  const run_limits& limits, std::uint64_t run_id,
                                                  std::uint64_t seed_if_absent,
                                                  run::clock::time_point now,
                                                  run_observer* observer = nullptr);

}  // namespace ariadne
