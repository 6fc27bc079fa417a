#pragma once

#include <chrono>

namespace ariadne {

class competition_hub;

// The one answer to "may this run be shown now?", for every surface that
// shows a run (/api/runs' counters, replays, spectator streams and their
// end): a practice run always; a ranked run once the competition has closed
// with no ranked run left in play, since its trail tells where its deal's
// treasure lies (with shared seeds, every competitor's).
bool may_show_run(const competition_hub* hub, bool ranked,
                  std::chrono::system_clock::time_point now = std::chrono::system_clock::now());

}  // namespace ariadne
