#include "server/live/run_feed.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "core/play/run_setup.hpp"

namespace ariadne {
namespace {

// A run on a generated maze reporting to feed.
run start_run(run_feed& feed, std::uint32_t treasures = 1, std::uint32_t reuse = 0,
              std::uint64_t max_steps = 0) {
  run_request request;
  request.maze.generator = "recursive_backtracker";
  request.maze.width = 24;
  request.maze.height = 24;
  request.maze.seed = 8;
  request.treasures = treasures;
  request.reuse_walls_removed = reuse;
  if (max_steps != 0) request.max_steps = max_steps;
  auto setup = set_up_run(request, maze_catalog{}, host_limits{}, feed.run_id(), 1,
                          run::clock::now(), &feed);
  return std::move(std::get<run>(setup));
}

// Moves the drone by its own senses, left hand on the wall: in a perfect maze
// it reaches every cell.
void wander(run& r, int moves) {
  direction heading = direction::north;
  for (int i = 0; i < moves && r.active(); ++i) {
    heading = turn_left(heading);
    while ((r.open_mask() & (1U << static_cast<unsigned>(heading))) == 0)
      heading = turn_right(heading);
    r.move(heading);
  }
}

std::vector<feed_event> drain_all(run_subscription& s) {
  std::vector<feed_event> out;
  s.drain([&](const feed_event& e) { out.push_back(e); });
  return out;
}

TEST(run_feed, counts_without_listeners) {
  run_feed feed(3, "bot");
  run r = start_run(feed);
  EXPECT_EQ(feed.seq(), 1U);
  wander(r, 50);
  const run_summary s = feed.summary();
  ASSERT_NE(s.start, nullptr);
  EXPECT_EQ(s.start->run_id, 3U);
  EXPECT_EQ(s.start->player, "bot");
  EXPECT_EQ(s.start->source.spec.generator, "recursive_backtracker");
  EXPECT_EQ(s.start->width, 24);
  EXPECT_EQ(s.steps, r.steps());
  EXPECT_EQ(s.bumps, r.bumps());
  EXPECT_EQ(s.status, run_status::active);
  EXPECT_EQ(feed.seq(), 1 + r.steps() + r.bumps());
  r.abandon();
  EXPECT_EQ(feed.summary().status, run_status::abandoned);
  EXPECT_EQ(feed.summary().result->status, run_status::abandoned);
}

TEST(run_feed, listeners_receive_every_event_in_order_with_its_counters) {
  run_feed feed(4, "bot");
  auto early = feed.subscribe();
  run r = start_run(feed, 3, 5);
  auto late = feed.subscribe();
  std::vector<feed_event> all;
  std::vector<feed_event> tail;
  while (r.active()) {
    wander(r, 1000);
    for (const auto& e : drain_all(*early))
      all.push_back(e);
    for (const auto& e : drain_all(*late))
      tail.push_back(e);
  }
  ASSERT_GE(all.size(), 3U);
  ASSERT_EQ(all.back().kind, run_event_kind::finished);
  EXPECT_EQ(all.front().kind, run_event_kind::started);
  ASSERT_NE(all.front().detail, nullptr);
  EXPECT_EQ(all.front().detail->start->seed, 8U);
  EXPECT_EQ(all.back().kind, run_event_kind::finished);
  ASSERT_TRUE(all.back().detail->result.has_value());
  EXPECT_EQ(*all.back().detail->result, r.result());
  std::uint64_t walls = 0;
  for (std::size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ(all[i].seq, i + 1);
    if (all[i].kind == run_event_kind::walls_removed) walls += all[i].detail->walls.size();
    if (i > 0 && (all[i].kind == run_event_kind::moved || all[i].kind == run_event_kind::bumped)) {
      EXPECT_EQ(all[i].steps + all[i].bumps, all[i - 1].steps + all[i - 1].bumps + 1);
    }
  }
  EXPECT_EQ(r.status(), run_status::found);
  EXPECT_EQ(walls, 10U);  // two finds before the last, five walls each
  // The late listener joined after started: the same events from seq 2.
  ASSERT_EQ(tail.size(), all.size() - 1);
  EXPECT_EQ(tail.front().seq, 2U);
  EXPECT_TRUE(early->closed());
  EXPECT_FALSE(early->dropped());
  EXPECT_EQ(feed.listeners(), 0U);
  // A listener that comes after the end is closed at once.
  auto after = feed.subscribe();
  EXPECT_TRUE(after->closed());
  EXPECT_TRUE(drain_all(*after).empty());
}

TEST(run_feed, a_listener_that_falls_behind_is_dropped_and_told) {
  run_feed feed(5, "bot");
  run r = start_run(feed, 1, 0, 1'000'000);
  std::atomic<int> wakes{0};
  auto slow = feed.subscribe(8, [&] { ++wakes; });
  auto keeping_up = feed.subscribe(8);
  EXPECT_TRUE(slow->wait());
  for (int i = 0; i < 40 && r.active(); ++i) {
    wander(r, 1);
    drain_all(*keeping_up);
  }
  EXPECT_TRUE(slow->dropped());
  EXPECT_TRUE(slow->closed());
  EXPECT_EQ(drain_all(*slow).size(), 8U);  // what it had room for, then nothing
  EXPECT_TRUE(slow->done());
  // Woken once, by the first event; a listener with events pending is not
  // waiting, so the drop is told by dropped() when it next looks.
  EXPECT_EQ(wakes.load(), 1);
  EXPECT_FALSE(keeping_up->dropped());
  EXPECT_EQ(feed.listeners(), 1U);
  // The run went on regardless.
  EXPECT_EQ(feed.summary().steps + feed.summary().bumps, r.steps() + r.bumps());
}

TEST(run_feed, listeners_come_and_go_on_other_threads_while_the_run_plays) {
  run_feed feed(6, "bot");
  run r = start_run(feed, 1000, 0, 1'000'000'000);
  std::atomic<bool> done{false};
  std::atomic<int> sessions{0};
  std::atomic<int> problems{0};
  std::atomic<int> finished{0};
  auto listener = [&] {
    while (!done.load()) {
      std::mutex m;
      std::condition_variable woken;
      bool ready = false;
      auto sub = feed.subscribe(1 << 16, [&] {
        std::lock_guard lock(m);
        ready = true;
        woken.notify_one();
      });
      std::uint64_t last = 0;
      for (int round = 0; round < 20 && !sub->done(); ++round) {
        sub->drain([&](const feed_event& e) {
          // Consecutive events from where it joined.
          if (last != 0 && e.seq != last + 1) ++problems;
          last = e.seq;
        });
        if (sub->wait()) {
          std::unique_lock lock(m);
          // The run never stops while listeners wait: a timeout with events
          // pending would be a lost wake.
          if (!woken.wait_for(lock, std::chrono::seconds(5), [&] { return ready; })) ++problems;
          ready = false;
        }
      }
      // A listener the scheduler kept away long enough may be dropped; that is
      // the design (the run never waits). Gaps never are.
      feed.unsubscribe(sub);
      ++sessions;
    }
    ++finished;
  };
  std::thread a(listener);
  std::thread b(listener);
  while (sessions.load() < 20)
    wander(r, 100);
  done = true;
  // Events keep coming until both listeners have left.
  while (finished.load() < 2)
    wander(r, 100);
  a.join();
  b.join();
  EXPECT_EQ(problems.load(), 0);
  EXPECT_GE(sessions.load(), 20);
  EXPECT_EQ(feed.listeners(), 0U);
}

}  // namespace
}  // namespace ariadne
