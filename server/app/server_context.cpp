#include "server/app/server_context.hpp"

#include <algorithm>
#include <cstdio>

#include <random>

namespace ariadne {

server_context::server_context(server_config config, maze_catalog catalog)
    : config_(std::move(config)),
      catalog_(std::move(catalog)),
      host_{config_.max_maze_cells, config_.bump_penalty, config_.max_run_seconds * 1000},
      registry_(config_.keep_replays, config_.max_replay_moves),
      starts_(config_.start_workers, config_.start_queue_cost),
      // The burst: five seconds' worth, and never less than the costliest
      // start this host allows (a million-cell Wilson maze, by default).
      setup_burst_(std::max(5 * config_.start_cost_rate, costliest_setup(host_.max_maze_cells))),
      // Session ids and default seeds need not be reproducible: seed from the OS.
      ids_((static_cast<std::uint64_t>(std::random_device{}()) << 32U) ^ std::random_device{}()) {
  if (!config_.competition.empty()) {
    competition_ = std::make_unique<competition_hub>(
        load_competition(config_.competition, catalog_, host_), config_.db, config_.secret_file);
    seats_ =
        std::make_unique<competitor_seats>(*this, std::chrono::seconds(config_.resume_seconds));
    competition_->on_token_withdrawn([this](std::int64_t id) { seats_->evict(id); });
    // Run numbers go on from the store's: a ranked run's replay keeps its address.
    next_run_id_.store(competition_->last_run_number() + 1, std::memory_order_relaxed);
  }
}

server_context::~server_context() {
  // The hub outlives the seats (members go in reverse order): it must stop
  // calling them first.
  if (competition_) competition_->on_token_withdrawn(nullptr);
}

bool server_context::admit_spectator(run_feed& feed) {
  std::size_t now = spectators_.load(std::memory_order_relaxed);
  do {
    if (now >= config_.max_spectators) return false;
  } while (!spectators_.compare_exchange_weak(now, now + 1, std::memory_order_relaxed));
  if (feed.add_spectator(config_.max_spectators_per_run)) return true;
  spectators_.fetch_sub(1, std::memory_order_relaxed);
  return false;
}

void server_context::release_spectator(run_feed& feed) {
  feed.remove_spectator();
  spectators_.fetch_sub(1, std::memory_order_relaxed);
}

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

run_slot server_context::reserve_run(std::uint64_t cells, const std::string& address) {
  {
    std::lock_guard lock(budget_mutex_);
    address_share& mine = per_address_[address];
    const bool fits =
        runs_ < config_.max_runs && cells <= config_.max_cells_in_play - cells_in_play_ &&
        cells <= config_.max_cells_per_ip - std::min(mine.cells, config_.max_cells_per_ip);
    if (!fits) {
      forget_if_idle(address);
      return {};
    }
    ++runs_;
    cells_in_play_ += cells;
    mine.cells += cells;
  }
  metrics_.runs_active.fetch_add(1, std::memory_order_relaxed);
  return run_slot(*this, cells, address);
}

void server_context::release_run(std::uint64_t cells, const std::string& address) {
  {
    std::lock_guard lock(budget_mutex_);
    --runs_;
    cells_in_play_ -= cells;
    if (const auto it = per_address_.find(address); it != per_address_.end()) {
      it->second.cells -= cells;
      forget_if_idle(address);
    }
  }
  metrics_.runs_active.fetch_sub(1, std::memory_order_relaxed);
}

bool server_context::charge_setup(const std::string& address, std::uint64_t cost,
                                  std::chrono::steady_clock::time_point now) {
  std::lock_guard lock(budget_mutex_);
  address_share& mine = per_address_[address];
  const double rate = static_cast<double>(config_.start_cost_rate);
  const double burst = static_cast<double>(setup_burst_);
  if (mine.refilled == std::chrono::steady_clock::time_point{}) {
    mine.setup_tokens = burst;
  } else {
    const std::chrono::duration<double> elapsed = now - mine.refilled;
    mine.setup_tokens = std::min(burst, mine.setup_tokens + elapsed.count() * rate);
  }
  mine.refilled = now;
  if (static_cast<double>(cost) > mine.setup_tokens) {
    forget_if_idle(address);
    return false;
  }
  mine.setup_tokens -= static_cast<double>(cost);
  return true;
}

void server_context::forget_if_idle(const std::string& address) {
  const auto it = per_address_.find(address);
  if (it != per_address_.end() && it->second.connections == 0 && it->second.cells == 0) {
    per_address_.erase(it);
  }
}

void run_slot::release() {
  if (context_ != nullptr) std::exchange(context_, nullptr)->release_run(cells_, address_);
}

connection_slot server_context::admit_connection(const std::string& address) {
  std::lock_guard lock(budget_mutex_);
  address_share& mine = per_address_[address];
  if (!stopping() && connections_admitted_ < config_.max_connections &&
      mine.connections < config_.max_connections_per_ip) {
    ++connections_admitted_;
    ++mine.connections;
    return connection_slot(*this, connection_slot::kind::admitted, address);
  }
  forget_if_idle(address);
  if (connections_refused_ >= refusal_budget) return {};
  ++connections_refused_;
  return connection_slot(*this, connection_slot::kind::refused, address);
}

void server_context::release_connection(connection_slot::kind k, const std::string& address) {
  std::lock_guard lock(budget_mutex_);
  if (k == connection_slot::kind::refused) {
    --connections_refused_;
    return;
  }
  --connections_admitted_;
  if (const auto it = per_address_.find(address); it != per_address_.end()) {
    --it->second.connections;
    forget_if_idle(address);
  }
}

void connection_slot::release() {
  if (context_ != nullptr && kind_ != kind::none) {
    std::exchange(context_, nullptr)
        ->release_connection(std::exchange(kind_, kind::none), address_);
  }
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
