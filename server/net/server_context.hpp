#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/game/maze_catalog.hpp"
#include "core/maze/rng.hpp"
#include "core/play/run_setup.hpp"
#include "server/live/run_registry.hpp"
#include "server/net/closable.hpp"
#include "server/net/metrics.hpp"
#include "server/net/server_config.hpp"
#include "server/net/websocket_routes.hpp"

namespace ariadne {

// What every connection of one server shares: configuration, the maze
// catalog, metrics, the run and connection budgets, the registry of live
// runs, the WebSocket routes, and the list of live connections that a
// graceful stop closes. Safe to use from any thread (the routes are set up
// before the server starts).
class server_context {
 public:
  server_context(server_config config, maze_catalog catalog);

  const server_config& config() const { return config_; }
  const maze_catalog& catalog() const { return catalog_; }
  // The limits of this host that no request can change.
  const host_limits& host() const { return host_; }
  metrics& stats() { return metrics_; }
  run_registry& runs() { return registry_; }
  websocket_routes& routes() { return routes_; }

  std::uint64_t next_run_id() { return next_run_id_.fetch_add(1, std::memory_order_relaxed); }
  std::string new_session_id();
  // A seed for a run that asked for none: below 2^53, so JSON readers that use
  // doubles (JavaScript) still read it exactly.
  std::uint64_t random_seed();

  bool try_reserve_run();
  void release_run();
  bool try_reserve_connection();
  void release_connection();

  std::uint64_t add_connection(std::weak_ptr<closable> connection);
  void remove_connection(std::uint64_t key);
  // Asks every live connection to close; true when all were gone within wait.
  bool close_all(std::chrono::milliseconds wait);
  bool stopping() const { return stopping_.load(std::memory_order_acquire); }

 private:
  server_config config_;
  maze_catalog catalog_;
  host_limits host_;
  metrics metrics_;
  run_registry registry_;
  websocket_routes routes_;
  std::atomic<std::uint64_t> next_run_id_{1};
  std::atomic<std::size_t> runs_{0};
  std::atomic<std::size_t> websockets_{0};
  std::atomic<bool> stopping_{false};

  std::mutex mutex_;  // guards what follows
  rng ids_;
  std::uint64_t next_key_ = 1;
  std::unordered_map<std::uint64_t, std::weak_ptr<closable>> connections_;
  std::condition_variable connections_gone_;
};

}  // namespace ariadne
