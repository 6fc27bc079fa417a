#pragma once

#include <atomic>
#include <memory>

#include "core/game/maze_catalog.hpp"
#include "core/play/run_setup.hpp"
#include "server/app/answer_cache.hpp"
#include "server/app/client_session.hpp"
#include "server/app/server_config.hpp"
#include "server/app/spectator_admission.hpp"
#include "server/competition/competition_hub.hpp"
#include "server/host/address_budgets.hpp"
#include "server/host/id_source.hpp"
#include "server/host/memory_budget.hpp"
#include "server/host/metrics.hpp"
#include "server/host/run_host.hpp"
#include "server/live/run_registry.hpp"
#include "server/ranked/ranked_play.hpp"
#include "server/work/job_pool.hpp"

namespace ariadne {

// What the sessions and routes of one server share, and who owns it: the
// configuration, the maze catalog, the counters, the budgets, the registry
// of runs, the job pool, and in competition mode the competition and its
// ranked play. Each part is thread-safe; each session and route is given
// the parts it uses.
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
  metrics& counters() { return metrics_; }
  run_registry& runs() { return registry_; }
  address_budgets& budgets() { return budgets_; }
  memory_budget& memory() { return memory_; }
  spectator_admission& spectators() { return spectators_; }
  id_source& ids() { return ids_; }
  // /api/runs, shared by its pollers.
  answer_cache& runs_list() { return runs_list_; }
  // The pool of costly work: big mazes set up, baselines, replays, catch-ups.
  job_pool& setups() { return setups_; }
  // What drone connections' runs use of this server.
  run_host& run_services() { return run_host_; }
  const client_session::settings& session_settings() const { return session_settings_; }
  // The competition, or nullptr for a practice server.
  competition_hub* competition() { return competition_.get(); }
  // Its ranked play (seats, runs handed here), or nullptr for a practice server.
  ranked_play* ranked() { return ranked_.get(); }

  // Set once a drain (SIGTERM) has begun: no new drone connection, no new
  // run; a connection without a run in play is closed (1001).
  bool draining() const { return draining_.load(std::memory_order_acquire); }
  const std::atomic<bool>& draining_flag() const { return draining_; }
  void begin_draining() { draining_.store(true, std::memory_order_release); }

 private:
  server_config config_;
  maze_catalog catalog_;
  host_limits host_;
  client_session::settings session_settings_;
  metrics metrics_;
  // Before the registry: the runs it keeps hold claims on it.
  memory_budget memory_;
  run_registry registry_;
  address_budgets budgets_;
  spectator_admission spectators_;
  id_source ids_;
  answer_cache runs_list_;
  std::atomic<bool> draining_{false};
  job_pool setups_;
  run_host run_host_;
  std::unique_ptr<competition_hub> competition_;
  // Last: its parked runs give their slots back to the budgets above, and
  // it stops listening to the hub before it goes.
  std::unique_ptr<ranked_play> ranked_;
};

}  // namespace ariadne
