#include "server/app/address_budgets.hpp"

#include <algorithm>

namespace ariadne {

namespace {

// Charges between two sweeps of the shares that have filled up again.
constexpr std::uint64_t sweep_every = 256;

}  // namespace

double address_budgets::tokens_at(const share& s, clock::time_point now) const {
  const double burst = static_cast<double>(limits_.setup_burst);
  if (s.refilled == clock::time_point{}) return burst;
  const std::chrono::duration<double> elapsed = now - s.refilled;
  return std::min(burst,
                  s.setup_tokens + elapsed.count() * static_cast<double>(limits_.setup_rate));
}

run_slot address_budgets::reserve_run(std::uint64_t cells, const std::string& address) {
  std::lock_guard lock(mutex_);
  const auto it = shares_.find(address);
  const std::uint64_t mine = it == shares_.end() ? 0 : it->second.cells;
  const bool fits =
      runs_ < limits_.max_runs && cells <= limits_.max_cells_in_play - cells_ &&
      cells <= limits_.max_cells_per_address - std::min(mine, limits_.max_cells_per_address);
  if (!fits) return {};
  ++runs_;
  cells_ += cells;
  shares_[address].cells += cells;
  return run_slot(*this, cells, address);
}

void address_budgets::release_run(std::uint64_t cells, const std::string& address) {
  std::lock_guard lock(mutex_);
  --runs_;
  cells_ -= cells;
  const auto it = shares_.find(address);
  if (it == shares_.end()) return;
  it->second.cells -= cells;
  if (it->second.cells == 0 &&
      tokens_at(it->second, clock::now()) >= static_cast<double>(limits_.setup_burst)) {
    shares_.erase(it);
  }
}

bool address_budgets::charge_setup(const std::string& address, std::uint64_t cost,
                                   clock::time_point now) {
  std::lock_guard lock(mutex_);
  if (++charges_since_sweep_ >= sweep_every) sweep(now);
  const double needed = static_cast<double>(cost);
  const auto it = shares_.find(address);
  const double tokens =
      it == shares_.end() ? static_cast<double>(limits_.setup_burst) : tokens_at(it->second, now);
  if (needed > tokens) {
    if (it != shares_.end()) {
      it->second.setup_tokens = tokens;
      it->second.refilled = now;
    }
    return false;
  }
  share& mine = it == shares_.end() ? shares_[address] : it->second;
  mine.setup_tokens = tokens - needed;
  mine.refilled = now;
  return true;
}

void address_budgets::sweep(clock::time_point now) {
  charges_since_sweep_ = 0;
  const double full = static_cast<double>(limits_.setup_burst);
  std::erase_if(shares_, [&](const auto& entry) {
    return entry.second.cells == 0 && tokens_at(entry.second, now) >= full;
  });
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
  if (budgets_ != nullptr) std::exchange(budgets_, nullptr)->release_run(cells_, address_);
}

}  // namespace ariadne
