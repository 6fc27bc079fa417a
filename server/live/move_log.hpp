#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/maze/direction.hpp"

namespace ariadne {

// A run's move attempts as letters (N, E, S, W; bumps included): appended by
// the run's thread, read from anywhere (a replay, a spectator catching up).
// Appending is a byte store and a release store; the chunks, which double
// from 256 bytes to 64 KiB, never move once written, so readers copy without
// holding up the run. At most `capacity` letters are kept: a longer run is
// marked full and has no replay (its memory stays bounded).
class move_log {
 public:
  static constexpr std::uint64_t default_capacity = 1'000'000;

  // The most a log of `moves` letters takes on the heap: the letters, and
  // its chunks (256 letters, doubling up to 64 KiB) with their list.
  static constexpr std::uint64_t bytes_for(std::uint64_t moves) {
    return moves + (moves / 65'536 + 16) * 64;
  }

  explicit move_log(std::uint64_t capacity = default_capacity) : capacity_(capacity) {}
  move_log(const move_log&) = delete;
  move_log& operator=(const move_log&) = delete;

  // The run's thread only.
  void append(direction d) {
    if (tail_ == tail_end_) {
      if (size_.load(std::memory_order_relaxed) >= capacity_) {
        full_.store(true, std::memory_order_release);
        return;
      }
      grow();
    }
    *tail_++ = to_char(d);
    size_.store(size_.load(std::memory_order_relaxed) + 1, std::memory_order_release);
  }

  // Letters appended so far.
  std::uint64_t size() const { return size_.load(std::memory_order_acquire); }
  // What the log holds on the heap now: its chunks (the last one may be
  // mostly empty) and their list.
  std::uint64_t bytes() const;
  // True once a move was not kept: the log is no longer the whole run.
  bool full() const { return full_.load(std::memory_order_acquire); }

  // Appends letters [from, to) to out; to must be at most a size() read before.
  void copy(std::uint64_t from, std::uint64_t to, std::string& out) const;

  // Heap allocations made so far: a chunk, and now and then the chunk list.
  // A run's moves allocate nothing else (tests/app/allocation_test.cpp).
  std::uint64_t allocations() const { return allocations_.load(std::memory_order_relaxed); }

 private:
  struct chunk {
    std::uint64_t first = 0;  // the index of its first letter
    std::size_t length = 0;
    std::unique_ptr<char[]> letters;
  };

  void grow();

  std::uint64_t capacity_;
  std::atomic<std::uint64_t> size_{0};
  std::atomic<bool> full_{false};
  std::atomic<std::uint64_t> allocations_{0};
  char* tail_ = nullptr;  // the run's thread only
  char* tail_end_ = nullptr;
  mutable std::mutex mutex_;  // guards chunks_ (the list, not the letters)
  std::vector<chunk> chunks_;
};

}  // namespace ariadne
