#include "server/net/connection_registry.hpp"

#include <vector>

namespace ariadne {

std::uint64_t connection_registry::add(std::weak_ptr<closable> connection) {
  std::lock_guard lock(mutex_);
  const std::uint64_t key = next_key_++;
  connections_.emplace(key, std::move(connection));
  return key;
}

void connection_registry::remove(std::uint64_t key) {
  std::lock_guard lock(mutex_);
  connections_.erase(key);
  if (connections_.empty()) gone_.notify_all();
}

std::size_t connection_registry::size() const {
  std::lock_guard lock(mutex_);
  return connections_.size();
}

std::vector<std::shared_ptr<closable>> connection_registry::live() const {
  std::vector<std::shared_ptr<closable>> strong;
  std::lock_guard lock(mutex_);
  for (const auto& [key, weak] : connections_) {
    if (auto connection = weak.lock()) strong.push_back(std::move(connection));
  }
  return strong;
}

void connection_registry::wake_all() {
  for (const auto& connection : live())
    connection->wake();
}

bool connection_registry::close_all(std::chrono::milliseconds wait) {
  stopping_.store(true, std::memory_order_release);
  // Outside the lock: a connection may end, and remove itself, right away.
  for (const auto& connection : live())
    connection->shutdown();
  std::unique_lock lock(mutex_);
  return gone_.wait_for(lock, wait, [&] { return connections_.empty(); });
}

}  // namespace ariadne
