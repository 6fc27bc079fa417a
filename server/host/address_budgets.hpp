#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/host/run_slot.hpp"
#include "server/host/token_bucket.hpp"

namespace ariadne {

// What the runs of all clients, and of each client address, may take: runs
// and cells in play (--max-runs, --max-cells-in-play, --max-cells-per-ip),
// and set-up work (--start-cost-rate a second, with a burst), which every
// costly thing an address asks for is charged to: starts, spectators'
// catch-up, replays, the baseline; and the competitors' tokens it may try
// (a lookup on the store's thread each), of which only wrong ones count. An
// address's share outlives its connections: it is forgotten only once it
// holds no cells and its shares have filled up again. Thread-safe.
class address_budgets {
 public:
  using clock = std::chrono::steady_clock;

  struct limits {
    std::size_t max_runs = 10000;
    std::uint64_t max_cells_in_play = 1ULL << 28;
    std::uint64_t max_cells_per_address = 1ULL << 25;
    std::uint64_t setup_rate = 20'000'000;    // set-up cost units an address earns a second
    std::uint64_t setup_burst = 100'000'000;  // the most it may hold
    double token_tries_rate = 5.0;            // token lookups an address earns a second
    double token_tries_burst = 30.0;
    std::uint32_t token_lookups_at_once = 128;  // an address's lookups waiting at a time
  };

  explicit address_budgets(limits l) : limits_(l) {}

  // A place for a run of `cells` cells played from address, or an empty slot
  // when the runs, the cells or the address's share of the cells are spent.
  // With anyway, counted past them (a run that exists already elsewhere and
  // moves here: refusing it would not end it).
  run_slot reserve_run(std::uint64_t cells, const std::string& address, bool anyway = false);
  // Charges set-up work of `cost` to address: false when the address has
  // spent its share (nothing is charged then).
  bool charge_setup(const std::string& address, std::uint64_t cost, clock::time_point now);
  // Whole seconds until charge_setup(address, cost) would be taken (at least
  // 1: asked after a refusal), or 0 when it never would (more than a burst).
  std::uint32_t setup_retry_seconds(const std::string& address, std::uint64_t cost,
                                    clock::time_point now) const;
  // Before a token's lookup: false when the address has tried too many
  // wrong tokens lately, or has token_lookups_at_once lookups waiting. Only
  // what a lookup answers wrong (or leaves unanswered) is charged, once it
  // answers, so a room of competitors behind one address may log in all at
  // once. A token that proved right is never refused from that address
  // again: a neighbour guessing tokens does not lock a competitor out.
  // Every try that returned true is followed by token_looked_up(). Tokens
  // by their hash.
  enum class token_answer { right, wrong, unanswered };
  bool try_token(const std::string& address, const std::string& token_hash, clock::time_point now);
  void token_looked_up(const std::string& address, const std::string& token_hash,
                       token_answer answer, clock::time_point now);

  std::size_t runs_in_play() const;
  std::uint64_t cells_in_play() const;
  // Addresses remembered: holding cells, or owed set-up work.
  std::size_t addresses() const;

 private:
  friend class run_slot;
  void release_run(std::uint64_t cells, const std::string& address);

  struct share {
    std::uint64_t cells = 0;
    token_bucket setup;                     // the set-up work it may still ask for
    token_bucket token_tries;               // the token lookups it may still ask for
    std::vector<std::string> right_tokens;  // hashes of tokens that proved right, the latest last
    std::uint32_t lookups = 0;              // token lookups waiting for their answer
    bool idle(clock::time_point now) const {
      return cells == 0 && lookups == 0 && setup.full(now) && token_tries.full(now);
    }
  };
  share fresh_share(clock::time_point now) const;
  // Drops the shares that hold nothing and owe nothing, now and then.
  void sweep(clock::time_point now);

  const limits limits_;
  mutable std::mutex mutex_;  // guards what follows
  std::size_t runs_ = 0;
  std::uint64_t cells_ = 0;
  std::unordered_map<std::string, share> shares_;
  std::uint64_t charges_since_sweep_ = 0;
};

}  // namespace ariadne
