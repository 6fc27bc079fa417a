#include "server/live/run_registry.hpp"

#include <gtest/gtest.h>

#include "core/play/run_setup.hpp"

namespace ariadne {
namespace {

run start_listed_run(run_feed& feed) {
  auto setup = set_up_run(run_request{}, maze_catalog{}, host_limits{}, feed.run_id(), 1,
                          run::clock::now(), &feed);
  return std::move(std::get<run>(setup));
}

TEST(run_registry, lists_live_runs_then_the_latest_finished) {
  run_registry registry(2);
  std::vector<run> runs;
  for (std::uint64_t id = 1; id <= 4; ++id)
    runs.push_back(start_listed_run(*registry.open(id, "p" + std::to_string(id))));
  ASSERT_EQ(registry.live().size(), 4U);
  EXPECT_EQ(registry.live().front()->player(), "p1");
  EXPECT_EQ(registry.find(3)->run_id(), 3U);
  EXPECT_EQ(registry.find(9), nullptr);
  for (std::uint64_t id = 1; id <= 3; ++id) {
    runs[id - 1].abandon();
    registry.close(id);
  }
  EXPECT_EQ(registry.live().size(), 1U);
  const auto finished = registry.finished();
  ASSERT_EQ(finished.size(), 2U);  // only the latest two are kept
  EXPECT_EQ(finished.front()->run_id(), 2U);
  EXPECT_EQ(finished.back()->run_id(), 3U);
  EXPECT_EQ(finished.back()->summary().status, run_status::abandoned);
  EXPECT_EQ(registry.find(1), nullptr);
  EXPECT_NE(registry.find(2), nullptr);
}

TEST(run_registry, a_run_that_never_started_is_forgotten) {
  run_registry registry;
  registry.open(1, "p");
  registry.close(1);
  EXPECT_TRUE(registry.live().empty());
  EXPECT_TRUE(registry.finished().empty());
  registry.close(1);  // twice, or unknown: nothing happens
  registry.close(42);
}

TEST(run_registry, a_run_handed_to_another_server_is_forgotten) {
  run_registry registry;
  run played = start_listed_run(*registry.open(1, "p"));
  registry.forget(1);
  EXPECT_TRUE(registry.live().empty());
  EXPECT_TRUE(registry.finished().empty());
  EXPECT_EQ(registry.find(1), nullptr);
}

}  // namespace
}  // namespace ariadne
