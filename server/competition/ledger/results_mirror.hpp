#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/competition/ledger/ranked_tally.hpp"
#include "server/competition/rules/attempt_book.hpp"
#include "server/competition/rules/competition_rules.hpp"
#include "server/competition/rules/leaderboard.hpp"
#include "server/store/results_store.hpp"

namespace ariadne {

// The record of a ranked run's end, from its run's result.
ranked_run_record ended_run(ranked_run_record record, const run_result& result,
                            std::chrono::system_clock::time_point now);

// What a competition's store holds, mirrored in memory so that no I/O thread
// waits on the database: the attempts, the marks, the competitors seen, the
// counts, and the ranked runs that ended before this server started (the run
// lists show them after a restart). Not thread-safe: the hub keeps it under
// its lock.
struct results_mirror {
  attempt_book book;
  mark_table marks;
  std::map<std::int64_t, std::string> names;  // competitor -> name
  ranked_tally tally;
  std::vector<ranked_run_record> earlier;  // ended, the latest last
  static constexpr std::size_t earlier_kept = 100;

  // The mirror of the store's runs (at the start, and after a reset). With
  // `here`, only that node's runs in play are among the book's in_play()
  // (the secrecy they keep is this server's to keep; other servers' are
  // read from the store); without, every one is.
  static results_mirror of(const std::vector<ranked_run_record>& runs,
                           const competition_rules& rules,
                           std::optional<std::string_view> here = std::nullopt);
  // One run read from the store into the book, the names and the marks (not
  // the tally): what of() and take_back() do with each. Its challenge's
  // mazes from the rules (1 for a challenge no longer there).
  void take(const ranked_run_record& run, const competition_rules& rules, bool here);
  // One competitor's runs as the store has them now (another server on the
  // store dealt some): its attempts and marks read back from them, on every
  // challenge or `only` one.
  void take_back(std::int64_t competitor, const std::vector<ranked_run_record>& runs,
                 const competition_rules& rules, std::string_view here, std::string_view only = {});
  // The mazes of a ranked run's attempt that ended, with this run's own
  // (ended with `result`, its end not yet recorded) among them.
  std::vector<maze_played> mazes_of(const ranked_run_record& run, const run_result& result) const;
  // The earlier runs, or only the one numbered `run` (none if it is not kept).
  std::vector<ranked_run_record> earlier_of(std::optional<std::uint64_t> run) const;
};

}  // namespace ariadne
