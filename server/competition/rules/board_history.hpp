#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/competition/records/records.hpp"

namespace ariadne {

// The leaderboard over time (GET /api/leaderboard/history, the home page's
// plot): the totals of the board's leaders at up to `points` moments evenly
// spaced from the first ranked result to the latest, each ranked as the
// board ranks them (rank_competitors) on the results that had ended by then.
// A function of the store's runs alone, so it survives restarts. Without the
// details (shared seeds before the close) totals are whole numbers, as the
// board shows them.
std::string board_history_json(const std::vector<challenge_record>& challenges,
                               const std::vector<competitor_record>& competitors,
                               const std::vector<ranked_run_record>& runs, bool details,
                               std::size_t points = 40, std::size_t leaders = 8);

// The history document, rebuilt on the leaderboard thread from the store's
// runs when the ranked results, the competitors or the details changed, at
// most every min_interval_ms (every run, without their moves: read from the
// store, or as a shared board keeps them); runs that could not be read keep
// the last one. Not thread-safe: that thread's.
class board_history {
 public:
  static constexpr std::int64_t min_interval_ms = 5000;

  // The document: `results` counts the ranked runs the board has seen;
  // `runs` gives every run in the store's order, or nullopt when they could
  // not be read (the plot is tried again later).
  using runs_fn = std::function<std::optional<std::vector<ranked_run_record>>()>;
  std::shared_ptr<const std::string> update(const runs_fn& runs,
                                            const std::vector<challenge_record>& challenges,
                                            const std::vector<competitor_record>& competitors,
                                            std::size_t results, bool details, std::int64_t now_ms);

 private:
  std::shared_ptr<const std::string> document_;
  std::optional<std::size_t> results_;
  bool details_ = false;
  std::string competitors_;  // their ids, names and revocations, as last drawn
  std::int64_t built_at_ms_ = 0;
};

}  // namespace ariadne
