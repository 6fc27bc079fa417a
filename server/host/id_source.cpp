#include "server/host/id_source.hpp"

#include <spdlog/spdlog.h>

#include <random>

namespace ariadne {

// Default seeds need not be reproducible: seeded from the OS.
id_source::id_source()
    : seeds_((static_cast<std::uint64_t>(std::random_device{}()) << 32U) ^ std::random_device{}()) {
}

void id_source::use_blocks(std::uint64_t first, std::uint64_t count, std::function<void()> low) {
  std::lock_guard lock(mutex_);
  next_ = first;
  end_ = first + count;
  low_at_ = first + count / 2;
  low_ = std::move(low);
}

void id_source::add_block(std::uint64_t first, std::uint64_t count) {
  std::lock_guard lock(mutex_);
  spare_.emplace(first, count);
  asking_ = false;
}

void id_source::block_refused() {
  std::lock_guard lock(mutex_);
  asking_ = false;
}

std::uint64_t id_source::next_run_id() {
  std::function<void()> ask;
  std::uint64_t id = 0;
  {
    std::lock_guard lock(mutex_);
    if (end_ != 0 && next_ >= end_ && spare_) {
      next_ = spare_->first;
      end_ = spare_->first + spare_->second;
      low_at_ = spare_->first + spare_->second / 2;
      spare_.reset();
    }
    id = next_++;
    if (end_ != 0 && id >= low_at_ && !spare_ && !asking_) {
      asking_ = true;
      ask = low_;
    }
    if (end_ != 0 && id >= end_ && !overrun_said_) {
      // The next block was not claimed in time (the store out of reach
      // through half a block of starts): numbers may meet another server's.
      overrun_said_ = true;
      spdlog::error("run numbers: this server's block is used up and the next is not claimed");
    }
  }
  if (ask) ask();
  return id;
}

std::uint64_t id_source::random_seed() {
  std::lock_guard lock(mutex_);
  return seeds_.next() >> 11U;
}

}  // namespace ariadne
