#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "server/competition/cluster/node_presence.hpp"
#include "server/competition/leaderboard_cache.hpp"
#include "server/competition/ledger/applied_marks.hpp"
#include "server/competition/ledger/ledger.hpp"
#include "server/competition/ledger/stored_runs.hpp"
#include "server/competition/rules/board_history.hpp"
#include "server/competition/rules/competition_rules.hpp"
#include "server/competition/rules/competitor_names.hpp"
#include "server/competition/schedule_store.hpp"
#include "server/store/results_store.hpp"

namespace ariadne {

// The documents a competition publishes (leaderboard_cache::documents),
// rebuilt on the leaderboard thread: the schedule read again (the
// organizer's changes, a reset), the competitor list, and the ranking. Alone
// on its store a server ranks from the marks the ledger keeps (a rebuild
// costs competitors x challenges, whatever the number of runs); once
// another server has shared the store, from the store's runs as it reads
// them (stored_runs: only those written since), so that every server shows
// the same, and it shows the ledger those books. Marks are applied again
// only where they changed (applied_marks). Not thread-safe: the leaderboard
// thread's.
class board_builder {
 public:
  using time_point = std::chrono::system_clock::time_point;

  // All of them outlive it; `secret` is the seeds' secret before any reset.
  board_builder(const competition_rules& rules, const std::string& secret, ledger& books,
                const node_presence& presence, competitor_names& names)
      : rules_(rules), secret_(secret), books_(books), presence_(presence), names_(names) {}

  // The documents as the store and the ledger stand now.
  leaderboard_cache::documents rebuild(results_store& reader);
  // True once another server has shared the store: the board is ranked
  // from the store's runs, read at each rebuild (read them often: every
  // server shows each result within a second), and the ledger is shown
  // them (the cluster loop may look at its runs in play).
  bool reads_store() const { return from_store_; }

 private:
  // The organizer's changes: a new schedule, and after a reset the ledger's
  // books read again.
  void take_schedule(results_store& reader);

  const competition_rules& rules_;
  const std::string& secret_;
  ledger& books_;
  const node_presence& presence_;
  competitor_names& names_;
  schedule_reader schedule_reader_;
  bool from_store_ = false;
  board_history history_;
  stored_runs store_view_{rules_};
  applied_marks applied_{rules_};
  std::uint32_t store_view_resets_ = 0;
};

// /api/competition as the ledger stands at `now` (the challenges, and once
// closed every seed dealt, of runs that have ended).
std::string competition_json(const competition_rules& rules, const std::string& secret,
                             const ledger& books, std::chrono::system_clock::time_point now);

}  // namespace ariadne
