#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "server/net/closable.hpp"

namespace ariadne {

// The live connections, HTTP and WebSocket, that a graceful stop closes.
// Thread-safe.
class connection_registry {
 public:
  // A key to remove the connection with when it ends.
  std::uint64_t add(std::weak_ptr<closable> connection);
  void remove(std::uint64_t key);
  // Marks the registry stopping and asks every live connection to close;
  // true when all were gone within wait.
  bool close_all(std::chrono::milliseconds wait);
  // Wakes every live connection (closable::wake).
  void wake_all();
  bool stopping() const { return stopping_.load(std::memory_order_acquire); }
  std::size_t size() const;

 private:
  // The connections still alive, held (to be called outside the lock).
  std::vector<std::shared_ptr<closable>> live() const;

  std::atomic<bool> stopping_{false};
  mutable std::mutex mutex_;  // guards what follows
  std::uint64_t next_key_ = 1;
  std::unordered_map<std::uint64_t, std::weak_ptr<closable>> connections_;
  std::condition_variable gone_;
};

}  // namespace ariadne
