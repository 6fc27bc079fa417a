#pragma once

#include <atomic>
#include <cstddef>

#include "server/live/run_feed.hpp"

namespace ariadne {

// The spectator budgets: streams in all (--max-spectators) and on one run
// (--max-spectators-per-run). Each admission is released once. Thread-safe.
class spectator_admission {
 public:
  spectator_admission(std::size_t max_in_all, std::size_t max_per_run)
      : max_in_all_(max_in_all), max_per_run_(max_per_run) {}

  bool admit(run_feed& feed) {
    std::size_t now = count_.load(std::memory_order_relaxed);
    do {
      if (now >= max_in_all_) return false;
    } while (!count_.compare_exchange_weak(now, now + 1, std::memory_order_relaxed));
    if (feed.add_spectator(max_per_run_)) return true;
    count_.fetch_sub(1, std::memory_order_relaxed);
    return false;
  }
  void release(run_feed& feed) {
    feed.remove_spectator();
    count_.fetch_sub(1, std::memory_order_relaxed);
  }
  std::size_t count() const { return count_.load(std::memory_order_relaxed); }

 private:
  const std::size_t max_in_all_;
  const std::size_t max_per_run_;
  std::atomic<std::size_t> count_{0};
};

}  // namespace ariadne
