#include "server/app/server_context.hpp"

#include "server/app/api_routes.hpp"
#include "server/app/costly_work.hpp"
#include "server/app/handed_runs.hpp"

#include <algorithm>

#include "core/model/limits.hpp"
#include "core/play/run_setup.hpp"

namespace ariadne {

std::uint64_t server_context::moves_kept(const run_request& request) const {
  const std::uint64_t cells = request_cells(request, catalog_);
  return std::min(request.max_steps.value_or(cells * limits::default_moves_per_cell),
                  config_.max_replay_moves);
}

namespace {

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

// What the competition tells of the store, to the seats.
class server_context::seat_events : public competition_events {
 public:
  explicit seat_events(server_context& context) : context_(context) {}
  void seat_moved(std::int64_t competitor, const std::string& node,
                  std::chrono::steady_clock::time_point read_from) override {
    context_.seats().moved_elsewhere(competitor, node, read_from);
  }
  bool run_handed(const ranked_run_record& run) override { return take_handed_run(context_, run); }
  void run_stranded(std::int64_t competitor) override {
    context_.seats().stop_awaiting(competitor);
  }
  void token_withdrawn(std::int64_t competitor) override { context_.seats().evict(competitor); }

 private:
  server_context& context_;
};

server_context::server_context(server_config config, maze_catalog catalog)
    : config_(std::move(config)),
      catalog_(std::move(catalog)),
      host_{config_.max_maze_cells, config_.bump_penalty, config_.max_run_seconds * 1000},
      memory_(memory_limits(config_)),
      registry_(config_.keep_replays, config_.max_replay_moves,
                // At most half the total: the clients' work keeps the rest.
                config_.keep_replays_mib != 0
                    ? std::min(config_.keep_replays_mib << 20, memory_.limit().total / 2)
                    : memory_.limit().total / 8,
                [this](std::uint64_t bytes) -> std::shared_ptr<void> {
                  return std::make_shared<memory_lease>(
                      memory_.claim_own(memory_budget::use::kept_runs, bytes));
                }),
      budgets_(budget_limits(config_, host_)),
      spectators_(config_.max_spectators, config_.max_spectators_per_run,
                  config_.max_spectators_per_ip),
      starts_(config_.start_workers, config_.start_queue_cost, costly_work::quick_cost) {
  metrics_.watch(budgets_);
  metrics_.watch(memory_);
  if (!config_.competition.empty()) {
    competition_ = std::make_unique<competition_hub>(
        load_competition(config_.competition, catalog_, host_), config_.db, config_.secret_file,
        server_node{config_.node.empty() ? "local" : config_.node,
                    std::to_string(registry_.boot())});
    seats_ =
        std::make_unique<competitor_seats>(*this, std::chrono::seconds(config_.resume_seconds));
    events_ = std::make_unique<seat_events>(*this);
    competition_->listen(events_.get());
    competition_->presence().runs().set_source([this] { return published_runs_list(*this); });
    // Run numbers from blocks claimed in the store: a ranked run's replay
    // keeps its address, and no other server numbers a run alike.
    ids_.use_blocks(competition_->first_run_number(), run_number_block, [this] {
      competition_->presence().claim_run_numbers([this](std::optional<std::uint64_t> first) {
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
  // The hub outlives the seats (members go in reverse order): it must stop
  // calling them first.
  if (competition_) {
    competition_->listen(nullptr);
    competition_->presence().runs().set_source(nullptr);
  }
}

}  // namespace ariadne
