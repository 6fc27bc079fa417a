#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace ariadne {

// How many ranked runs ended, by status, and how many were interrupted
// (given back after a crash): what /metrics counts and the leaderboard's
// "ranked_runs". Not thread-safe: the hub keeps it under its lock.
class ranked_tally {
 public:
  // A run's status as the store writes it ("found", ..., "interrupted");
  // a run still in play counts nowhere.
  void count(std::string_view status);
  // A run counted before whose status changed (read again from the store).
  void uncount(std::string_view status);
  // Ranked runs ended, interrupted ones aside.
  std::uint64_t ranked() const { return ranked_; }
  // The Prometheus lines of ariadne_ranked_runs_total.
  std::string prometheus_text() const;

 private:
  std::array<std::uint64_t, 8> ended_by_status_{};
  std::uint64_t ranked_ = 0;
  std::uint64_t interrupted_ = 0;
};

}  // namespace ariadne
