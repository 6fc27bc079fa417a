#pragma once

#include <functional>
#include <string>

#include "core/model/drone_state.hpp"
#include "core/model/run_result.hpp"
#include "server/competition/records/records.hpp"

namespace ariadne {

class competition_hub;
class run_feed;

// What the replies of a ranked run never show: its seed. The maze is named
// by its challenge.
void hide_ranked_secrets(drone_state& state, const std::string& challenge);

// A state of a ranked run of `attempt` as its competitor sees it: without
// its seed, and (a start, a takeover, a result) with its place in its
// attempt's set.
void present_ranked(drone_state& state, const competition_hub& hub,
                    const ranked_run_record& attempt);

// Records a ranked run's end: its result, and its moves (the replay published
// after the close is rebuilt from them) unless it made more than the feed
// keeps. done(durable) runs on the store's thread.
void record_ranked_end(competition_hub& hub, const ranked_run_record& attempt,
                       const run_result& result, const run_feed* feed,
                       std::function<void(bool durable)> done);

}  // namespace ariadne
