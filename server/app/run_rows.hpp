#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "server/competition/records/records.hpp"
#include "server/competition/rules/competition_rules.hpp"
#include "server/live/run_feed.hpp"

namespace ariadne {

class competition_hub;
class run_registry;

// A run as /api/runs lists it, one row built one way, from a run in memory
// or a ranked run the store kept (before this server's restart). Never a
// seed; a ranked run shows its challenge, not its maze, and until the mazes
// may be shown (reveal) no counters, as the leaderboard: its score and
// steps would tell how far its deal's treasure lies.
namespace run_rows {

// One run's row as JSON text, or "" for a run still being set up.
std::string of(const run_feed& feed, bool reveal);
// One stored ranked run's row; with `replay`, its replay's address too.
std::string of(const ranked_run_record& run, const competition_rules& rules, bool reveal,
               bool replay = false);

// GET /api/runs: live runs in start order, then finished ones, latest last:
// ranked runs from before a restart (the store's), then those in memory.
// With other servers on the competition's store (hub), theirs too, as they
// last published them, each in start order among these.
std::string list(run_registry& runs, const competition_hub* hub, bool reveal);

// This server's runs in memory as /api/runs lists them (its latest
// competition_hub::most_published in play, and those ended), for the other
// servers on the competition's store.
std::string published(run_registry& runs, bool reveal);

}  // namespace run_rows
}  // namespace ariadne
