#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "core/game/maze_catalog.hpp"
#include "core/model/utc_time.hpp"
#include "core/play/run_setup.hpp"
#include "server/competition/competition_hub.hpp"
#include "server/host/address_budgets.hpp"
#include "server/host/id_source.hpp"
#include "server/host/memory_budget.hpp"
#include "server/host/metrics.hpp"
#include "server/host/run_host.hpp"
#include "server/live/run_registry.hpp"
#include "server/ranked/ranked_play.hpp"
#include "server/work/job_pool.hpp"
#include "tests/support/temp_dir.hpp"

namespace ariadne::testing {

// What a drone connection's runs use of a server (run_host), made alone: no
// transport, no routes, no server_context. Its job pool has one worker.
struct run_world {
  explicit run_world(maze_catalog mazes = {}, address_budgets::limits budget = {})
      : catalog(std::move(mazes)), budgets(budget) {}

  maze_catalog catalog;
  host_limits limits{1024ULL * 1024ULL, 1, 3'600'000};  // the server's defaults
  metrics counters;
  memory_budget memory{memory_budget::limits_for(std::uint64_t{1} << 30)};
  run_registry runs;
  address_budgets budgets;
  id_source ids;
  job_pool setups{1, 1'000'000'000};
  run_host host{catalog, limits, counters, runs, budgets, memory, ids, setups, 1'000'000};
};

// A competition on a SQLite file with its ranked play, beside a run_world:
// challenge "x" (prim 8 x 8, 3 attempts) closing in an hour, unless told
// another file.
struct ranked_world : run_world {
  explicit ranked_world(std::chrono::seconds resume = std::chrono::seconds(30),
                        std::string file = {}, maze_catalog mazes = {})
      : run_world(std::move(mazes)) {
    const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
    if (file.empty()) {
      file = R"({"name": "c", "closes_at": ")" + format_time(now + std::chrono::hours(1)) +
             R"(", "challenges": [{"id": "x", "maze": {"generator": "prim", "width": 8,
             "height": 8}, "attempts": 3}]})";
    }
    hub = std::make_unique<competition_hub>(
        load_competition(dir.write("competition.json", file), catalog, limits), dir.file("db"));
    play = std::make_unique<ranked_play>(*hub, host, ranked_play::settings{resume, 0});
  }

  temp_dir dir;
  std::unique_ptr<competition_hub> hub;
  std::unique_ptr<ranked_play> play;
};

}  // namespace ariadne::testing
