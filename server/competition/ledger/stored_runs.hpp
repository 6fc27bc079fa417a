#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "server/competition/ledger/results_mirror.hpp"
#include "server/competition/rules/attempt_book.hpp"
#include "server/competition/rules/competition_rules.hpp"
#include "server/store/results_store.hpp"

namespace ariadne {

// The store's runs as the leaderboard thread last read them, brought up to
// date from the rows written since (results_store::runs_changed_since): what
// a board shared by several servers ranks from, without reading every run
// every time. A read marks again only the attempts it touched, and deals
// from each touched challenge's latest attempt (as a claim does), so its cost
// follows the runs written, not the runs kept. Not thread-safe: the
// leaderboard thread's own.
class stored_runs {
 public:
  explicit stored_runs(const competition_rules& rules) : rules_(rules) {}

  // Reads the runs written since the last read; every run when `again` (a
  // reset deleted runs, which the changes do not tell) or at the first read.
  void read(results_store& reader, bool again);
  // The mirror of every run read (every run in play among its book's; no
  // earlier runs kept).
  const results_mirror& mirror() const { return mirror_; }
  // The runs in play on any server, in their order in the store.
  std::vector<ranked_run_record> in_play() const;
  // Every run read, in their order in the store (results_store::runs).
  std::vector<ranked_run_record> runs() const;
  // Runs read in all.
  std::size_t size() const { return size_; }

 private:
  // One competitor's runs of one challenge: by attempt, then by deal.
  struct key_runs {
    std::map<std::uint32_t, std::map<std::uint32_t, ranked_run_record>> by_attempt;
    std::map<std::uint32_t, std::uint32_t> attempt_of_deal;
  };
  void mark_again(const attempt_book::key& k, const std::set<std::uint32_t>& attempts);
  void deal_again(const attempt_book::key& k, const key_runs& runs);

  const competition_rules& rules_;
  std::map<attempt_book::key, key_runs> by_key_;
  std::set<std::pair<attempt_book::key, std::uint32_t>> in_play_;  // (key, deal)
  results_mirror mirror_;
  bool read_once_ = false;
  std::int64_t next_ = 0;
  std::size_t size_ = 0;
};

}  // namespace ariadne
