#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "server/competition/attempt_book.hpp"
#include "server/competition/competition_rules.hpp"
#include "server/competition/results_mirror.hpp"
#include "server/store/results_store.hpp"

namespace ariadne {

// The store's runs as the leaderboard thread last read them, brought up to
// date from the rows written since (results_store::runs_changed_since): what
// a board shared by several servers ranks from, without reading every run
// every time. Only the competitors and challenges a read touched are marked
// again. Not thread-safe: the leaderboard thread's own.
class stored_runs {
 public:
  explicit stored_runs(const competition_rules& rules) : rules_(rules) {}

  // Reads the runs written since the last read; every run when `again` (a
  // reset deleted runs, which the changes do not tell) or at the first read.
  void read(results_store& reader, bool again);
  // The mirror of every run read (every run in play among its book's).
  const results_mirror& mirror() const { return mirror_; }
  // The runs in play on any server, in their order in the store.
  std::vector<ranked_run_record> in_play() const;
  // Runs read in all, and in the last read.
  std::size_t size() const { return size_; }
  std::size_t last_read() const { return last_read_; }

 private:
  void mark_again(const attempt_book::key& k);

  const competition_rules& rules_;
  // Every run by competitor and challenge, then by deal.
  std::map<attempt_book::key, std::map<std::uint32_t, ranked_run_record>> by_key_;
  std::set<std::pair<attempt_book::key, std::uint32_t>> in_play_;
  results_mirror mirror_;
  bool read_once_ = false;
  std::int64_t next_ = 0;
  std::size_t size_ = 0;
  std::size_t last_read_ = 0;
};

}  // namespace ariadne
