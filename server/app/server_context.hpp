#pragma once

#include <atomic>
#include <memory>

#include "core/game/maze_catalog.hpp"
#include "core/play/run_setup.hpp"
#include "server/app/address_budgets.hpp"
#include "server/app/answer_cache.hpp"
#include "server/app/competitor_seats.hpp"
#include "server/app/id_source.hpp"
#include "server/app/memory_budget.hpp"
#include "server/app/metrics.hpp"
#include "server/app/server_config.hpp"
#include "server/app/spectator_admission.hpp"
#include "server/competition/competition_hub.hpp"
#include "server/live/run_registry.hpp"
#include "server/work/job_pool.hpp"

namespace ariadne {

// What the sessions and routes of one server share, and who owns it: the
// configuration, the maze catalog, the counters, the budgets, the registry
// of runs, the job pool, and in competition mode the competition and its
// seats. Each part is thread-safe.
class server_context {
 public:
  // Throws (competition_error, store_error) when the competition cannot start.
  server_context(server_config config, maze_catalog catalog);
  ~server_context();

  server_context(const server_context&) = delete;
  server_context& operator=(const server_context&) = delete;

  const server_config& config() const { return config_; }
  const maze_catalog& catalog() const { return catalog_; }
  // The limits of this host that no request can change.
  const host_limits& host() const { return host_; }
  // The most moves a run of this checked request keeps for its replay (its
  // move limit, up to --max-replay-moves): its move log's worst case.
  std::uint64_t moves_kept(const run_request& request) const;
  metrics& stats() { return metrics_; }
  run_registry& runs() { return registry_; }
  address_budgets& budgets() { return budgets_; }
  memory_budget& memory() { return memory_; }
  spectator_admission& spectators() { return spectators_; }
  id_source& ids() { return ids_; }
  // /api/runs, shared by its pollers.
  answer_cache& runs_list() { return runs_list_; }
  // The pool that sets big runs up, and plays baselines and replays.
  job_pool& starts() { return starts_; }
  // The competition, or nullptr for a practice server.
  competition_hub* competition() { return competition_.get(); }
  // One connection per competitor (competition mode only).
  competitor_seats& seats() { return *seats_; }

  // Set once the server has begun a graceful stop.
  bool stopping() const { return stopping_.load(std::memory_order_acquire); }
  void begin_stopping() { stopping_.store(true, std::memory_order_release); }
  // Set once a drain (SIGTERM) has begun: no new drone connection, no new
  // run; a connection without a run in play is closed (1001).
  bool draining() const { return draining_.load(std::memory_order_acquire); }
  void begin_draining() { draining_.store(true, std::memory_order_release); }

 private:
  server_config config_;
  maze_catalog catalog_;
  host_limits host_;
  metrics metrics_;
  // Before the registry: the runs it keeps hold claims on it.
  memory_budget memory_;
  run_registry registry_;
  address_budgets budgets_;
  spectator_admission spectators_;
  id_source ids_;
  answer_cache runs_list_;
  std::atomic<bool> stopping_{false};
  std::atomic<bool> draining_{false};
  job_pool starts_;
  std::unique_ptr<competition_hub> competition_;
  // Last: its parked runs give their slots back to the budgets above.
  std::unique_ptr<competitor_seats> seats_;
  class seat_events;
  std::unique_ptr<seat_events> events_;
};

}  // namespace ariadne
