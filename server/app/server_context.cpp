#include "server/app/server_context.hpp"

#include <algorithm>

#include "server/app/run_rows.hpp"
#include "server/host/costly_work.hpp"
#include "server/ranked/disclosure.hpp"

namespace ariadne {

namespace {

client_session::settings settings_of(const server_config& c) {
  client_session::settings s;
  s.rate_limit = c.rate_limit;
  s.rate_burst = c.rate_burst;
  s.rate_abuse_limit = c.rate_abuse_limit;
  s.deadlines = {c.hello_seconds, c.run_idle_seconds, c.connection_idle_seconds};
  return s;
}

address_budgets::limits budget_limits(const server_config& c, const host_limits& host) {
  address_budgets::limits l;
  l.max_runs = c.max_runs;
  l.max_cells_in_play = c.max_cells_in_play;
  l.max_cells_per_address = c.max_cells_per_ip;
  l.setup_rate = c.start_cost_rate;
  // The burst: five seconds' worth, and never less than the costliest start
  // this host allows (a million-cell Wilson maze, by default).
  l.setup_burst = std::max(5 * c.start_cost_rate, costliest_setup(host.max_maze_cells));
  return l;
}

memory_budget::limits memory_limits(const server_config& c) {
  memory_budget::limits l = c.max_memory_mib != 0
                                ? memory_budget::limits_for(c.max_memory_mib << 20)
                                : memory_budget::machine_defaults();
  if (c.max_memory_per_ip_mib != 0) {
    l.per_address = std::min(c.max_memory_per_ip_mib << 20, l.total);
  }
  return l;
}

}  // namespace

server_context::server_context(server_config config, maze_catalog catalog)
    : config_(std::move(config)),
      catalog_(std::move(catalog)),
      host_{config_.max_maze_cells, config_.bump_penalty, config_.max_run_seconds * 1000},
      session_settings_(settings_of(config_)),
      memory_(memory_limits(config_)),
      registry_(config_.keep_replays, config_.max_replay_moves,
                // At most half the total: the clients' work keeps the rest.
                config_.keep_replays_mib != 0
                    ? std::min(config_.keep_replays_mib << 20, memory_.limit().total / 2)
                    : memory_.limit().total / 8,
                [this](std::uint64_t bytes, bool ranked) -> std::shared_ptr<void> {
                  return std::make_shared<memory_lease>(memory_.claim_own(
                      ranked ? memory_budget::use::kept_ranked_runs : memory_budget::use::kept_runs,
                      bytes));
                }),
      budgets_(budget_limits(config_, host_)),
      spectators_(config_.max_spectators, config_.max_spectators_per_run,
                  config_.max_spectators_per_ip),
      setups_(config_.start_workers, config_.start_queue_cost, costly_work::quick_cost),
      run_host_{catalog_,  host_,    metrics_,
                registry_, budgets_, memory_,
                ids_,      setups_,  config_.max_replay_moves} {
  metrics_.watch(budgets_);
  metrics_.watch(memory_);
  if (!config_.competition.empty()) {
    competition_ = std::make_unique<competition_hub>(
        load_competition(config_.competition, catalog_, host_), config_.db, config_.secret_file,
        server_node{config_.node.empty() ? "local" : config_.node,
                    std::to_string(registry_.boot())});
    ranked_ = std::make_unique<ranked_play>(
        *competition_, run_host_,
        ranked_play::settings{std::chrono::seconds(config_.resume_seconds),
                              config_.close_grace_seconds});
    competition_->publish_runs_from(
        [this] { return run_rows::published(registry_, may_show_run(competition_.get(), true)); });
    // Run numbers from blocks claimed in the store: a ranked run's replay
    // keeps its address, and no other server numbers a run alike.
    ids_.use_blocks(competition_->first_run_number(), run_number_block, [this] {
      competition_->claim_run_numbers([this](std::optional<std::uint64_t> first) {
        if (first) {
          ids_.add_block(*first, run_number_block);
        } else {
          ids_.block_refused();  // asked again at the next number
        }
      });
    });
  }
}

server_context::~server_context() {
  // The hub outlives what its threads call: they stop calling first.
  ranked_.reset();
  if (competition_) competition_->publish_runs_from(nullptr);
}

}  // namespace ariadne
