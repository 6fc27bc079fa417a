#include "server/app/disclosure.hpp"

#include "server/competition/competition_hub.hpp"

namespace ariadne {

bool may_show_run(const competition_hub* hub, bool ranked,
                  std::chrono::system_clock::time_point now) {
  return !ranked || (hub != nullptr && hub->reveals_ranked_runs(now));
}

}  // namespace ariadne
