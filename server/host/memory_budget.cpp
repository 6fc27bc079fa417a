#include "server/host/memory_budget.hpp"

#include <algorithm>
#include <fstream>

namespace ariadne {

memory_lease& memory_lease::operator=(memory_lease&& other) noexcept {
  if (this != &other) {
    release();
    budget_ = std::exchange(other.budget_, nullptr);
    use_ = other.use_;
    bytes_ = std::exchange(other.bytes_, 0);
    address_ = std::move(other.address_);
  }
  return *this;
}

void memory_lease::release() {
  if (budget_ == nullptr) return;
  std::exchange(budget_, nullptr)->give_back(use_, address_ ? &*address_ : nullptr, bytes_);
  bytes_ = 0;
}

namespace {

// The machine's memory, or the container's limit when it is lower.
std::uint64_t usable_memory() {
  std::uint64_t total = std::uint64_t{4} << 30;  // when nothing can be read
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  while (meminfo >> key >> kib) {
    if (key == "MemTotal:") {
      total = kib * 1024;
      break;
    }
    meminfo.ignore(256, '\n');
  }
  for (const char* path : {"/sys/fs/cgroup/memory.max",                       // cgroup v2
                           "/sys/fs/cgroup/memory/memory.limit_in_bytes"}) {  // v1
    std::ifstream limit(path);
    std::uint64_t bytes = 0;
    if (limit >> bytes && bytes > 0) total = std::min(total, bytes);
  }
  return total;
}

}  // namespace

memory_budget::limits memory_budget::limits_for(std::uint64_t total) {
  limits l;
  l.total = total;
  l.per_address =
      std::min(total, std::clamp(total / 16, std::uint64_t{64} << 20, std::uint64_t{1} << 30));
  return l;
}

memory_budget::limits memory_budget::machine_defaults() {
  return limits_for(usable_memory() / 4);
}

memory_lease memory_budget::claim(use u, const std::string& address, std::uint64_t bytes,
                                  bool anyway) {
  {
    const std::lock_guard lock(mutex_);
    std::uint64_t total = 0;
    for (const std::uint64_t h : held_)
      total += h;
    auto& mine = by_address_[address];
    // Saturating: a forced claim may have taken the total past its limit.
    const bool fits = total <= limits_.total && bytes <= limits_.total - total &&
                      mine <= limits_.per_address && bytes <= limits_.per_address - mine;
    if (!fits && !anyway) {
      if (mine == 0) by_address_.erase(address);
      return {};
    }
    held_[static_cast<std::size_t>(u)] += bytes;
    mine += bytes;
  }
  return {this, static_cast<std::uint8_t>(u), bytes, address};
}

memory_lease memory_budget::claim_own(use u, std::uint64_t bytes) {
  {
    const std::lock_guard lock(mutex_);
    held_[static_cast<std::size_t>(u)] += bytes;
  }
  return {this, static_cast<std::uint8_t>(u), bytes, std::nullopt};
}

void memory_budget::give_back(std::uint8_t u, const std::string* address, std::uint64_t bytes) {
  const std::lock_guard lock(mutex_);
  held_[u] -= bytes;
  if (address == nullptr) return;
  auto it = by_address_.find(*address);
  if (it == by_address_.end()) return;
  it->second -= bytes;
  // An address holding nothing is forgotten: the map holds only live claims.
  if (it->second == 0) by_address_.erase(it);
}

std::uint64_t memory_budget::held(use u) const {
  const std::lock_guard lock(mutex_);
  return held_[static_cast<std::size_t>(u)];
}

std::uint64_t memory_budget::total() const {
  const std::lock_guard lock(mutex_);
  std::uint64_t total = 0;
  for (const std::uint64_t h : held_)
    total += h;
  return total;
}

std::uint64_t memory_budget::held_by(const std::string& address) const {
  const std::lock_guard lock(mutex_);
  const auto it = by_address_.find(address);
  return it == by_address_.end() ? 0 : it->second;
}

}  // namespace ariadne
