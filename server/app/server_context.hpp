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
#include "server/competition/competition_hub.hpp"
#include "server/live/run_registry.hpp"
#include "server/net/closable.hpp"
#include "server/app/competitor_seats.hpp"
#include "server/net/connection_slot.hpp"
#include "server/app/metrics.hpp"
#include "server/app/run_slot.hpp"
#include "server/app/server_config.hpp"
#include "server/net/websocket_routes.hpp"
#include "server/work/job_pool.hpp"

namespace ariadne {

// What every connection of one server shares: configuration, the maze
// catalog, metrics, the run and connection budgets, the registry of live
// runs, the WebSocket routes, and the list of live connections that a
// graceful stop closes. Safe to use from any thread (the routes are set up
// before the server starts).
class server_context {
 public:
  // Connections answered 503 at once, beyond the admitted ones.
  static constexpr std::size_t refusal_budget = 64;

  // Throws (competition_error, store_error) when the competition cannot start.
  server_context(server_config config, maze_catalog catalog);
  ~server_context();

  const server_config& config() const { return config_; }
  const maze_catalog& catalog() const { return catalog_; }
  // The limits of this host that no request can change.
  const host_limits& host() const { return host_; }
  metrics& stats() { return metrics_; }
  run_registry& runs() { return registry_; }
  websocket_routes& routes() { return routes_; }
  // The competition, or nullptr for a practice server.
  competition_hub* competition() { return competition_.get(); }
  // One connection per competitor (competition mode only).
  competitor_seats& seats() { return *seats_; }

  std::uint64_t next_run_id() { return next_run_id_.fetch_add(1, std::memory_order_relaxed); }
  std::string new_session_id();
  // A seed for a run that asked for none: below 2^53, so JSON readers that use
  // doubles (JavaScript) still read it exactly.
  std::uint64_t random_seed();

  // A place for a run of `cells` cells played from address, or an empty slot
  // when --max-runs, --max-cells-in-play or the address's share of the cells
  // (--max-cells-per-ip) is reached.
  run_slot reserve_run(std::uint64_t cells, const std::string& address);
  // Charges setting up a run of `cost` (setup_cost units) to address: false
  // when the address has used its share of set-up work (--start-cost-rate a
  // second, with a burst of five seconds' worth or the costliest start).
  bool charge_setup(const std::string& address, std::uint64_t cost,
                    std::chrono::steady_clock::time_point now);
  // Admits a new TCP connection from address, refuses it (to be answered
  // 503), or neither (close it at once) when even refusals are too many.
  connection_slot admit_connection(const std::string& address);
  // The pool that sets big runs up.
  job_pool& starts() { return starts_; }
  // Admits a spectator of feed within --max-spectators and
  // --max-spectators-per-run, or says no; each admission is released once.
  bool admit_spectator(run_feed& feed);
  void release_spectator(run_feed& feed);
  std::size_t spectators() const { return spectators_.load(std::memory_order_relaxed); }

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
  std::atomic<bool> stopping_{false};
  std::atomic<std::size_t> spectators_{0};
  job_pool starts_;
  std::unique_ptr<competition_hub> competition_;

  friend class run_slot;
  friend class connection_slot;
  void release_run(std::uint64_t cells, const std::string& address);
  void release_connection(connection_slot::kind k, const std::string& address);

  // What one client address holds; forgotten when it holds nothing.
  struct address_share {
    std::size_t connections = 0;
    std::uint64_t cells = 0;
    double setup_tokens = 0;  // set-up cost it may still spend
    std::chrono::steady_clock::time_point refilled;
  };
  void forget_if_idle(const std::string& address);

  std::uint64_t setup_burst_;
  std::mutex budget_mutex_;  // guards the budgets below
  std::size_t runs_ = 0;
  std::uint64_t cells_in_play_ = 0;
  std::size_t connections_admitted_ = 0;
  std::size_t connections_refused_ = 0;
  std::unordered_map<std::string, address_share> per_address_;

  std::mutex mutex_;  // guards what follows
  rng ids_;
  std::uint64_t next_key_ = 1;
  std::unordered_map<std::uint64_t, std::weak_ptr<closable>> connections_;
  std::condition_variable connections_gone_;

  // Last: its parked runs give their slots back to the budgets above.
  std::unique_ptr<competitor_seats> seats_;
};

}  // namespace ariadne
