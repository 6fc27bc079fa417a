#include "server/ranked/disclosure.hpp"

#include "server/competition/competition_hub.hpp"
#include "server/live/run_feed.hpp"

namespace ariadne {

bool may_show_run(const competition_hub* hub, bool ranked,
                  std::chrono::system_clock::time_point now) {
  return !ranked || (hub != nullptr && hub->reveals_ranked_runs(now));
}

std::optional<target_refusal> watch_refusal(const competition_hub* hub, const run_feed* feed,
                                            bool stored) {
  if (feed == nullptr && !stored)
    return target_refusal{404, "no such run (or it ended too long ago)"};
  // A ranked run's trail would show where its deal's treasure lies (with
  // shared seeds, every competitor's): watched only once the mazes may be shown.
  if (!may_show_run(hub, feed == nullptr || feed->ranked())) {
    return target_refusal{403, "a ranked run can be watched once the competition has closed"};
  }
  return std::nullopt;
}

}  // namespace ariadne
