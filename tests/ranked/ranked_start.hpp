#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <variant>

#include "core/play/drone_game.hpp"
#include "tests/support/run_world.hpp"

namespace ariadne::testing {

// A ranked run of competitor 1 ("alice") on challenge "x", started and
// claimed as a connection's start would be: its record, feed and game.
struct ranked_start {
  ranked_run_record record;
  std::shared_ptr<run_feed> feed;
  drone_game game;
};

inline ranked_start start_ranked(ranked_world& world) {
  competition_hub& hub = *world.hub;
  auto opened =
      hub.open_attempt(competitor_record{1, "alice"}, "x", std::chrono::system_clock::now());
  auto attempt = std::get<competition_hub::attempt>(std::move(opened));
  const std::uint64_t id = world.ids.next_run_id();
  attempt.record.run = id;
  attempt.record.competitor_name = "alice";
  ranked_start started{attempt.record, world.runs.open(id, "alice", "x"), drone_game{}};
  auto state = started.game.start(attempt.request, world.catalog, world.limits, id, 0,
                                  drone_game::clock::now(), started.feed.get());
  EXPECT_TRUE(std::holds_alternative<drone_state>(state));
  hub.claim_start(attempt.record, [](competition_hub::claim) {});
  return started;
}

}  // namespace ariadne::testing
