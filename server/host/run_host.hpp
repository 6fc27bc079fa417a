#pragma once

#include <algorithm>
#include <cstdint>

#include "core/game/maze_catalog.hpp"
#include "core/model/limits.hpp"
#include "core/model/run_request.hpp"
#include "core/play/run_setup.hpp"
#include "server/host/address_budgets.hpp"
#include "server/host/id_source.hpp"
#include "server/host/memory_budget.hpp"
#include "server/host/metrics.hpp"
#include "server/live/run_registry.hpp"
#include "server/work/job_pool.hpp"

namespace ariadne {

// What a server lends the runs of its drone connections, practice or ranked:
// the named mazes and the host's limits, the counters, the registry of runs
// in play, the budgets (runs, cells, set-up work, memory), run numbers and
// seeds, and the pool that sets big mazes up. References: the server owns
// them (server_context); a test makes only these.
struct run_host {
  const maze_catalog& catalog;
  const host_limits& host;
  metrics& counters;
  run_registry& runs;
  address_budgets& budgets;
  memory_budget& memory;
  id_source& ids;
  job_pool& setups;
  std::uint64_t max_replay_moves;  // --max-replay-moves

  // The most moves a run of this checked request keeps for its replay (its
  // move limit, up to --max-replay-moves): its move log's worst case.
  std::uint64_t moves_kept(const run_request& request) const {
    const std::uint64_t cells = request_cells(request, catalog);
    return std::min(request.max_steps.value_or(cells * limits::default_moves_per_cell),
                    max_replay_moves);
  }
};

}  // namespace ariadne
