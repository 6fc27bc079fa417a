#include "server/live/run_registry.hpp"

#include <gtest/gtest.h>

#include <bit>

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

// A run of `moves` bumps into a wall of its start cell, then abandoned.
void play_moves(run& r, int moves) {
  const unsigned walls = ~r.open_mask() & 0xFU;
  ASSERT_NE(walls, 0U);
  const auto side = static_cast<direction>(std::countr_zero(walls));
  for (int i = 0; i < moves; ++i)
    r.move(side);
  r.abandon();
}

TEST(run_registry, the_finished_runs_kept_are_bounded_by_what_they_hold_and_counted) {
  std::uint64_t counted = 0;
  std::uint64_t counted_ranked = 0;
  const auto claim = [&](std::uint64_t bytes, bool ranked) -> std::shared_ptr<void> {
    std::uint64_t& into = ranked ? counted_ranked : counted;
    into += bytes;
    return std::shared_ptr<void>(nullptr, [&into, bytes](void*) { into -= bytes; });
  };
  // What a finished run of 100 moves holds.
  std::uint64_t one = 0;
  {
    run_registry probe;
    run r = start_listed_run(*probe.open(1, "p"));
    play_moves(r, 100);
    probe.close(1);
    one = probe.kept_bytes();
  }
  ASSERT_GT(one, 256U);
  run_registry registry(100, move_log::default_capacity, 3 * one + one / 2, claim);
  std::vector<run> runs;
  for (std::uint64_t id = 1; id <= 4; ++id) {
    runs.push_back(start_listed_run(*registry.open(id, "p")));
    play_moves(runs.back(), 100);
    registry.close(id);
    EXPECT_EQ(registry.kept_bytes(), counted);
  }
  // Three fit: the oldest went.
  ASSERT_EQ(registry.finished().size(), 3U);
  EXPECT_EQ(registry.find(1), nullptr);
  EXPECT_EQ(counted, 3 * one);
  // A replay kept with its run is counted with it, and pushes the oldest out.
  const auto feed = registry.find(4);
  EXPECT_TRUE(registry.keep_replay(feed, std::make_shared<const std::string>(one, 'r')));
  EXPECT_NE(feed->replay(), nullptr);
  EXPECT_EQ(registry.finished().size(), 2U);
  EXPECT_EQ(registry.find(2), nullptr);
  EXPECT_EQ(counted, registry.kept_bytes());
  EXPECT_EQ(counted, 3 * one);
  // A replay that would take its run past the bound is not kept, and
  // nothing goes for it.
  EXPECT_FALSE(
      registry.keep_replay(registry.find(3), std::make_shared<const std::string>(3 * one, 'r')));
  EXPECT_EQ(registry.find(3)->replay(), nullptr);
  EXPECT_EQ(registry.finished().size(), 2U);
  // A run that alone holds more than the bound goes alone.
  runs.push_back(start_listed_run(*registry.open(5, "big")));
  play_moves(runs.back(), 5000);
  registry.close(5);
  EXPECT_EQ(registry.find(5), nullptr);
  EXPECT_EQ(registry.finished().size(), 2U);
  EXPECT_EQ(counted, 3 * one);
  // A run no longer kept keeps no replay.
  const auto gone = std::make_shared<run_feed>(9, "y");
  EXPECT_FALSE(registry.keep_replay(gone, std::make_shared<const std::string>("{}")));
  EXPECT_EQ(gone->replay(), nullptr);
  {
    run_registry none(0, move_log::default_capacity, 1000, claim);
    runs.push_back(start_listed_run(*none.open(7, "p")));
    runs.back().abandon();
    none.close(7);
    EXPECT_TRUE(none.finished().empty());
  }
  EXPECT_EQ(counted, 3 * one);
  // A ranked run's bytes are counted apart (never in a public gauge).
  EXPECT_EQ(counted_ranked, 0U);
  {
    run_registry ranked(100, move_log::default_capacity, 3 * one + one / 2, claim);
    runs.push_back(start_listed_run(*ranked.open(8, "p", "challenge")));
    play_moves(runs.back(), 100);
    ranked.close(8);
    EXPECT_EQ(counted_ranked, ranked.kept_bytes());
    EXPECT_EQ(counted, 3 * one);
  }
  EXPECT_EQ(counted_ranked, 0U);
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
