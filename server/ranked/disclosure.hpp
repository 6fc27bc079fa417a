#pragma once

#include <chrono>
#include <optional>

#include "server/net/http_answer.hpp"

namespace ariadne {

class competition_hub;
class run_feed;

// The one answer to "may this run be shown now?", for every surface that
// shows a run (/api/runs' counters, replays, spectator streams and their
// end): a practice run always; a ranked run once the competition has closed
// with no ranked run left in play, since its trail tells where its deal's
// treasure lies (with shared seeds, every competitor's).
bool may_show_run(const competition_hub* hub, bool ranked,
                  std::chrono::system_clock::time_point now = std::chrono::system_clock::now());

// Why a run may not be watched now (404: no such run, 403: ranked, until the
// mazes may be shown), or nullopt: what /spectate/{run} answers before its
// upgrade and GET /api/runs/{run} answers a page before it connects. A run
// with no feed that the store has (`stored`, a ranked one) is no 404.
std::optional<target_refusal> watch_refusal(const competition_hub* hub, const run_feed* feed,
                                            bool stored = false);

}  // namespace ariadne
