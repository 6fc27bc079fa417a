#pragma once

#include <array>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace ariadne {

class memory_budget;

// Bytes claimed from the memory budget for one thing (a run's move log, a
// spectator's stream, an answer being written), given back exactly once when
// the lease goes. Empty when the budget had no room.
class memory_lease {
 public:
  memory_lease() = default;
  memory_lease(memory_lease&& other) noexcept { *this = std::move(other); }
  memory_lease& operator=(memory_lease&& other) noexcept;
  memory_lease(const memory_lease&) = delete;
  memory_lease& operator=(const memory_lease&) = delete;
  ~memory_lease() { release(); }

  explicit operator bool() const { return budget_ != nullptr; }
  std::uint64_t bytes() const { return bytes_; }
  void release();

 private:
  friend class memory_budget;
  memory_lease(memory_budget* budget, std::uint8_t use, std::uint64_t bytes,
               std::optional<std::string> address)
      : budget_(budget), use_(use), bytes_(bytes), address_(std::move(address)) {}

  memory_budget* budget_ = nullptr;
  std::uint8_t use_ = 0;
  std::uint64_t bytes_ = 0;
  std::optional<std::string> address_;  // none: claim_own's
};

// The memory the server holds for its clients, counted in one place: per
// use, per client address and in total. What a client asks for claims its
// worst case before the server does it; past the total or the address's
// share the request is refused (server_busy, 503) instead of the server
// growing. Thread-safe: one lock, taken once per claim and per give-back
// (starts, spectators, big answers: never per move).
class memory_budget {
 public:
  enum class use : std::uint8_t {
    move_logs,   // the moves of runs in play, kept for their replays and spectators
    spectators,  // what a spectator stream has still to send
    answers,     // HTTP answers being written (replays, run lists, the baseline)
    kept_runs,   // finished runs kept for replays and late spectators (the server's)
    // The same for ranked runs: out of the public gauges, where the step in
    // the gauge at a run's end would tell its number of moves.
    kept_ranked_runs,
    count_
  };
  static constexpr std::array<std::string_view, 5> use_names = {
      "move_logs", "spectators", "answers", "kept_runs", "kept_ranked_runs"};
  static constexpr bool shown(use u) { return u != use::kept_ranked_runs; }
  static_assert(use_names.size() == static_cast<std::size_t>(use::count_));

  struct limits {
    std::uint64_t total = std::uint64_t{1} << 30;
    std::uint64_t per_address = std::uint64_t{1} << 26;
  };
  // `total` in all, and a 16th of it (from 64 MiB to 1 GiB) per address.
  static limits limits_for(std::uint64_t total);
  // A quarter of the machine's memory (or of the container's limit).
  static limits machine_defaults();

  explicit memory_budget(limits l) : limits_(l) {}
  memory_budget(const memory_budget&) = delete;
  memory_budget& operator=(const memory_budget&) = delete;

  // Claims bytes for address, or an empty lease when they would take the
  // total or the address past its limit (nothing is claimed then); with
  // anyway, past them (as address_budgets::reserve_run).
  memory_lease claim(use u, const std::string& address, std::uint64_t bytes, bool anyway = false);
  // Claims bytes the server holds for itself (no client's: the runs it
  // keeps), always: counted in the total, in no address's share.
  memory_lease claim_own(use u, std::uint64_t bytes);

  std::uint64_t held(use u) const;
  std::uint64_t total() const;
  std::uint64_t held_by(const std::string& address) const;
  const limits& limit() const { return limits_; }

 private:
  friend class memory_lease;
  // address: nullptr for claim_own's.
  void give_back(std::uint8_t u, const std::string* address, std::uint64_t bytes);

  const limits limits_;
  mutable std::mutex mutex_;  // guards what follows
  std::array<std::uint64_t, static_cast<std::size_t>(use::count_)> held_{};
  std::unordered_map<std::string, std::uint64_t> by_address_;
};

}  // namespace ariadne
