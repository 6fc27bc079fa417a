#include "server/net/server_context.hpp"

#include <cstdio>
#include <random>

namespace ariadne {

server_context::server_context(server_config config, maze_catalog catalog)
    : config_(std::move(config)),
      catalog_(std::move(catalog)),
      host_{config_.max_maze_cells, config_.bump_penalty, config_.max_run_seconds * 1000},
      // Session ids and default seeds need not be reproducible: seed from the OS.
      ids_((static_cast<std::uint64_t>(std::random_device{}()) << 32U) ^ std::random_device{}()) {}

std::string server_context::new_session_id() {
  std::uint64_t value = 0;
  {
    std::lock_guard lock(mutex_);
    value = ids_.next();
  }
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

std::uint64_t server_context::random_seed() {
  std::lock_guard lock(mutex_);
  return ids_.next() >> 11U;
}

bool server_context::try_reserve_run() {
  if (runs_.fetch_add(1, std::memory_order_acq_rel) >= config_.max_runs) {
    runs_.fetch_sub(1, std::memory_order_acq_rel);
    return false;
  }
  metrics_.runs_active.fetch_add(1, std::memory_order_relaxed);
  return true;
}

void server_context::release_run() {
  runs_.fetch_sub(1, std::memory_order_acq_rel);
  metrics_.runs_active.fetch_sub(1, std::memory_order_relaxed);
}

bool server_context::try_reserve_connection() {
  if (websockets_.fetch_add(1, std::memory_order_acq_rel) >= config_.max_connections) {
    websockets_.fetch_sub(1, std::memory_order_acq_rel);
    return false;
  }
  return true;
}

void server_context::release_connection() {
  websockets_.fetch_sub(1, std::memory_order_acq_rel);
}

std::uint64_t server_context::add_connection(std::weak_ptr<closable> connection) {
  std::lock_guard lock(mutex_);
  const std::uint64_t key = next_key_++;
  connections_.emplace(key, std::move(connection));
  return key;
}

void server_context::remove_connection(std::uint64_t key) {
  std::lock_guard lock(mutex_);
  connections_.erase(key);
  if (connections_.empty()) connections_gone_.notify_all();
}

bool server_context::close_all(std::chrono::milliseconds wait) {
  stopping_.store(true, std::memory_order_release);
  std::vector<std::shared_ptr<closable>> live;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [key, weak] : connections_) {
      if (auto strong = weak.lock()) live.push_back(std::move(strong));
    }
  }
  for (const auto& connection : live)
    connection->shutdown();
  live.clear();
  std::unique_lock lock(mutex_);
  return connections_gone_.wait_for(lock, wait, [&] { return connections_.empty(); });
}

}  // namespace ariadne
