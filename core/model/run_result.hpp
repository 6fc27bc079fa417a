#pragma once

#include <cstdint>
#include <optional>

#include "core/model/run_status.hpp"

namespace ariadne {

// How a run ended: made by the rules, sent on the wire as it is.
struct run_result {
  run_status status = run_status::active;
  std::uint64_t steps = 0;
  std::uint64_t bumps = 0;
  std::uint64_t score = 0;  // steps + bump_penalty x bumps; lower is better
  // Sum of the shortest paths from where each search started to its treasure
  // (the unfinished search included).
  std::uint64_t optimal = 0;
  // optimal / score for a run that found every treasure, else 0.
  double efficiency = 0.0;
  std::optional<std::uint64_t> seed;  // absent where it is secret (a ranked run)
  std::uint32_t found = 0;
  std::uint32_t treasures = 0;

  friend bool operator==(const run_result&, const run_result&) = default;
};

}  // namespace ariadne
