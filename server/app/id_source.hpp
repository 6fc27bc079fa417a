#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>

#include "core/maze/rng.hpp"

namespace ariadne {

// Run numbers (in order, going on from the store's in competition mode) and
// the seeds of runs that asked for none (unpredictable). Thread-safe.
class id_source {
 public:
  id_source();

  // Numbers after `last` from now on.
  void continue_after(std::uint64_t last) { next_.store(last + 1, std::memory_order_relaxed); }
  // A run's number; also a unique key for other things (a competitor's seat).
  std::uint64_t next_run_id() { return next_.fetch_add(1, std::memory_order_relaxed); }
  // Below 2^53, so JSON readers that use doubles (JavaScript) read it exactly.
  std::uint64_t random_seed();

 private:
  std::atomic<std::uint64_t> next_{1};
  std::mutex mutex_;
  rng seeds_;
};

}  // namespace ariadne
