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
  // efficiency_of(status, score, optimal).
  double efficiency = 0.0;
  std::optional<std::uint64_t> seed;  // absent where it is secret (a ranked run)
  std::uint32_t found = 0;
  std::uint32_t treasures = 0;

  friend bool operator==(const run_result&, const run_result&) = default;
};

// The one measure of how well a run went, on the wire (efficiency) and in a
// competition's ranking: optimal / score for a run that found every treasure
// (score is never below optimal; a treasure where the drone started counts
// 1, not 0/0), else 0.
inline double efficiency_of(run_status status, std::uint64_t score, std::uint64_t optimal) {
  if (status != run_status::found) return 0.0;
  const std::uint64_t denominator = score > optimal ? score : optimal;
  if (denominator == 0) return 1.0;
  return static_cast<double>(optimal) / static_cast<double>(denominator);
}

}  // namespace ariadne
