#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/maze/cell.hpp"
#include "core/model/run_result.hpp"
#include "core/model/set_position.hpp"

namespace ariadne {

// Everything a drone may know after a command: its own cell and the run's
// counters, never the map. The rules make it, the protocol sends it as the
// `state` message, and the SDK hands it to bots.
struct drone_state {
  std::uint64_t run = 0;
  cell position;
  unsigned open = 0;  // bit k set when direction k (N, E, S, W) is open
  bool treasure = false;
  std::uint64_t steps = 0;
  std::uint64_t bumps = 0;
  std::uint32_t found = 0;
  std::uint32_t treasures = 0;
  std::optional<bool> moved;          // move replies
  std::optional<std::uint32_t> done;  // path replies
  // start replies
  std::optional<std::int32_t> width;
  std::optional<std::int32_t> height;
  std::optional<std::uint64_t> seed;
  std::optional<std::uint64_t> max_steps;
  std::optional<std::string> maze;   // generator or named maze
  std::optional<run_result> result;  // once the run has ended
  std::optional<set_position> set;   // ranked runs: start replies and results

  friend bool operator==(const drone_state&, const drone_state&) = default;
};

}  // namespace ariadne
