#include "server/host/address_budgets.hpp"

#include <algorithm>
#include <cmath>

namespace ariadne {

namespace {

// Charges between two sweeps of the shares that have filled up again.
constexpr std::uint64_t sweep_every = 256;

}  // namespace

run_slot address_budgets::reserve_run(std::uint64_t cells, const std::string& address,
                                      bool anyway) {
  std::lock_guard lock(mutex_);
  auto it = shares_.find(address);
  const std::uint64_t mine = it == shares_.end() ? 0 : it->second.cells;
  // Saturating: a forced reservation may have taken the cells past their limit.
  const bool fits =
      runs_ < limits_.max_runs && cells_ <= limits_.max_cells_in_play &&
      cells <= limits_.max_cells_in_play - cells_ &&
      cells <= limits_.max_cells_per_address - std::min(mine, limits_.max_cells_per_address);
  if (!fits && !anyway) return {};
  ++runs_;
  cells_ += cells;
  if (it == shares_.end()) it = shares_.emplace(address, fresh_share(clock::now())).first;
  it->second.cells += cells;
  return run_slot(*this, cells, address);
}

void address_budgets::release_run(std::uint64_t cells, const std::string& address) {
  std::lock_guard lock(mutex_);
  --runs_;
  cells_ -= cells;
  const auto it = shares_.find(address);
  if (it == shares_.end()) return;
  it->second.cells -= cells;
  if (it->second.idle(clock::now())) shares_.erase(it);
}

bool address_budgets::charge_setup(const std::string& address, std::uint64_t cost,
                                   clock::time_point now) {
  std::lock_guard lock(mutex_);
  if (++charges_since_sweep_ >= sweep_every) sweep(now);
  auto it = shares_.find(address);
  if (it == shares_.end()) {
    // A full share charged nothing is not worth remembering.
    if (static_cast<double>(cost) > static_cast<double>(limits_.setup_burst)) return false;
    it = shares_.emplace(address, fresh_share(now)).first;
  }
  return it->second.setup.take(now, static_cast<double>(cost));
}

std::uint32_t address_budgets::setup_retry_seconds(const std::string& address, std::uint64_t cost,
                                                   clock::time_point now) const {
  std::lock_guard lock(mutex_);
  const auto it = shares_.find(address);
  const double wait = it == shares_.end()
                          ? fresh_share(now).setup.seconds_until(now, static_cast<double>(cost))
                          : it->second.setup.seconds_until(now, static_cast<double>(cost));
  if (wait < 0.0) return 0;
  return static_cast<std::uint32_t>(std::max(1.0, std::ceil(wait)));
}

bool address_budgets::try_token(const std::string& address, const std::string& token_hash,
                                clock::time_point now) {
  std::lock_guard lock(mutex_);
  if (++charges_since_sweep_ >= sweep_every) sweep(now);
  auto it = shares_.find(address);
  if (it == shares_.end()) it = shares_.emplace(address, fresh_share(now)).first;
  share& s = it->second;
  const auto& right = s.right_tokens;
  const bool proven = std::find(right.begin(), right.end(), token_hash) != right.end();
  if (!proven && (s.token_tries.available(now) < 1.0 || s.lookups >= limits_.token_lookups_at_once))
    return false;
  ++s.lookups;
  return true;
}

void address_budgets::token_looked_up(const std::string& address, const std::string& token_hash,
                                      token_answer answer, clock::time_point now) {
  // The competitors behind one address that it remembers (a classroom's).
  constexpr std::size_t remembered = 128;
  std::lock_guard lock(mutex_);
  const auto it = shares_.find(address);
  if (it == shares_.end()) return;  // not after a try: a share waiting for lookups is kept
  share& s = it->second;
  if (s.lookups > 0) --s.lookups;
  if (answer != token_answer::right) {
    s.token_tries.charge(now);
    return;
  }
  auto& right = s.right_tokens;
  if (std::find(right.begin(), right.end(), token_hash) != right.end()) return;
  right.push_back(token_hash);
  if (right.size() > remembered) right.erase(right.begin());
}

address_budgets::share address_budgets::fresh_share(clock::time_point now) const {
  return share{0,
               token_bucket(static_cast<double>(limits_.setup_rate),
                            static_cast<double>(limits_.setup_burst), now),
               token_bucket(limits_.token_tries_rate, limits_.token_tries_burst, now),
               {}};
}

void address_budgets::sweep(clock::time_point now) {
  charges_since_sweep_ = 0;
  std::erase_if(shares_, [&](const auto& entry) { return entry.second.idle(now); });
}

std::size_t address_budgets::runs_in_play() const {
  std::lock_guard lock(mutex_);
  return runs_;
}

std::uint64_t address_budgets::cells_in_play() const {
  std::lock_guard lock(mutex_);
  return cells_;
}

std::size_t address_budgets::addresses() const {
  std::lock_guard lock(mutex_);
  return shares_.size();
}

void run_slot::release() {
  memory_.release();
  paint_.release();
  if (budgets_ != nullptr) std::exchange(budgets_, nullptr)->release_run(cells_, address_);
}

}  // namespace ariadne
