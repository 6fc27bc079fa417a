#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "server/competition/records/ranked_status.hpp"

namespace ariadne {

// How many ranked runs ended, by status, and how many were interrupted
// (given back after a crash): what /metrics counts and the leaderboard's
// "ranked_runs". Not thread-safe: the hub keeps it under its lock.
class ranked_tally {
 public:
  // A run's status; a run still in play counts nowhere.
  void count(ranked_status status);
  // A run counted before whose status changed (read again from the store).
  void uncount(ranked_status status);
  // Ranked runs ended, interrupted ones aside.
  std::uint64_t ranked() const { return ranked_; }
  // The Prometheus lines of ariadne_ranked_runs_total.
  std::string prometheus_text() const;

 private:
  std::array<std::uint64_t, static_cast<std::size_t>(ranked_status::count)> by_status_{};
  std::uint64_t ranked_ = 0;
};

}  // namespace ariadne
