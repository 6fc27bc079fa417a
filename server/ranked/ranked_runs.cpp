#include "server/ranked/ranked_runs.hpp"

#include <chrono>

#include "server/competition/competition_hub.hpp"
#include "server/live/run_feed.hpp"

namespace ariadne {

void hide_ranked_secrets(drone_state& state, const std::string& challenge) {
  state.seed.reset();
  if (state.maze) state.maze = challenge;
  if (state.result) state.result->seed.reset();
}

void present_ranked(drone_state& state, const competition_hub& hub,
                    const ranked_run_record& attempt) {
  hide_ranked_secrets(state, attempt.challenge);
  if (state.width || state.result) {
    state.set = hub.position_of(attempt, state.result ? &*state.result : nullptr);
  }
}

void record_ranked_end(competition_hub& hub, const ranked_run_record& attempt,
                       const run_result& result, const run_feed* feed,
                       std::function<void(bool durable)> done) {
  ranked_run_record record =
      competition_hub::ended(attempt, result, std::chrono::system_clock::now());
  if (feed != nullptr && !feed->moves().full()) {
    feed->moves().copy(0, feed->moves().size(), record.moves);
  }
  hub.record_end(record, std::move(done));
}

}  // namespace ariadne
