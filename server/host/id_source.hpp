#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <utility>

#include "core/maze/rng.hpp"

namespace ariadne {

// Run numbers (in order; in competition mode from blocks this server claimed
// in the store, which no other server on it numbers from) and the seeds of
// runs that asked for none (unpredictable). Thread-safe.
class id_source {
 public:
  id_source();

  // Numbers from the block [first, first + count) on; once half of a block
  // is used, `low` is called (from the caller of next_run_id: it may only
  // post work) to have the next one given with add_block, and called again
  // after a block_refused() until one is.
  void use_blocks(std::uint64_t first, std::uint64_t count, std::function<void()> low);
  void add_block(std::uint64_t first, std::uint64_t count);
  void block_refused();
  // A run's number; also a unique key for other things (a competitor's seat).
  std::uint64_t next_run_id();
  // Below 2^53, so JSON readers that use doubles (JavaScript) read it exactly.
  std::uint64_t random_seed();

 private:
  std::mutex mutex_;  // guards everything
  std::uint64_t next_ = 1;
  std::uint64_t end_ = 0;  // 0: no blocks, numbers without end
  std::uint64_t low_at_ = 0;
  std::optional<std::pair<std::uint64_t, std::uint64_t>> spare_;  // the next block
  std::function<void()> low_;
  bool asking_ = false;  // low_ called, its block not given yet
  bool overrun_said_ = false;
  rng seeds_;
};

}  // namespace ariadne
