#include "server/work/job_pool.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

namespace ariadne {
namespace {

// A job that waits until released, so the test controls what is running.
class gate {
 public:
  void wait() {
    std::unique_lock lock(mutex_);
    opened_.wait(lock, [&] { return open_; });
  }
  void open() {
    std::lock_guard lock(mutex_);
    open_ = true;
    opened_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable opened_;
  bool open_ = false;
};

TEST(job_pool, admits_by_cost_and_an_idle_pool_takes_any_one_job) {
  job_pool pool(1, 100);
  gate started;
  gate release;
  gate finished;
  EXPECT_TRUE(pool.try_submit(500, "a", [&] {  // more than the budget, but the pool is idle
    started.open();
    release.wait();
    finished.open();
  }));
  started.wait();
  EXPECT_FALSE(pool.try_submit(1, "a", [] {}));  // the budget is spent
  EXPECT_EQ(pool.cost_in_use(), 500U);
  release.open();
  finished.wait();
  pool.stop();
  EXPECT_EQ(pool.cost_in_use(), 0U);
  EXPECT_FALSE(pool.try_submit(1, "a", [] {}));  // stopped
}

TEST(job_pool, jobs_within_the_budget_queue_and_run_in_order_off_this_thread) {
  job_pool pool(1, 100);
  gate started;
  gate release;
  gate all_done;
  std::vector<int> order;
  const auto caller = std::this_thread::get_id();
  std::atomic<bool> elsewhere{true};
  ASSERT_TRUE(pool.try_submit(40, "a", [&] {
    started.open();
    release.wait();
  }));
  started.wait();
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(pool.try_submit(20, "a", [&, i] {
      if (std::this_thread::get_id() == caller) elsewhere = false;
      order.push_back(i);  // one worker: the jobs never overlap
      if (i == 2) all_done.open();
    }));
  }
  EXPECT_FALSE(pool.try_submit(1, "a", [] {}));  // 40 + 3 x 20 = 100: full
  release.open();
  all_done.wait();
  pool.stop();
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2}));
  EXPECT_TRUE(elsewhere.load());
}

TEST(job_pool, stopping_drops_what_waits_and_destroys_it) {
  job_pool pool(1, std::uint64_t{1} << 40);  // only a stop refuses a job
  gate started;
  gate release;
  auto held = std::make_shared<int>(7);
  std::weak_ptr<int> watch = held;
  ASSERT_TRUE(pool.try_submit(10, "a", [&] {
    started.open();
    release.wait();
  }));
  started.wait();
  ASSERT_TRUE(pool.try_submit(10, "a", [held] { ADD_FAILURE() << "a dropped job ran"; }));
  held.reset();
  std::thread stopper([&] { pool.stop(); });
  // Once stop has begun the pool takes nothing, and the waiting job is gone.
  while (pool.try_submit(1, "a", [] {})) {
  }
  release.open();
  stopper.join();
  EXPECT_TRUE(watch.expired());
}

TEST(job_pool, keys_take_turns) {
  job_pool pool(1, 1000);
  gate started;
  gate release;
  gate all_done;
  std::string order;
  ASSERT_TRUE(pool.try_submit(1, "x", [&] {
    started.open();
    release.wait();
  }));
  started.wait();
  // A greedy key queues many jobs first; another key's one job runs second.
  for (int i = 0; i < 3; ++i)
    ASSERT_TRUE(pool.try_submit(1, "greedy", [&] { order += 'g'; }));
  ASSERT_TRUE(pool.try_submit(1, "fair", [&] { order += 'f'; }));
  ASSERT_TRUE(pool.try_submit(1, "greedy", [&] {
    order += 'g';
    all_done.open();
  }));
  release.open();
  all_done.wait();
  pool.stop();
  EXPECT_EQ(order, "gfggg");
}

TEST(job_pool, a_players_job_goes_before_every_viewers_job) {
  job_pool pool(1, 1000);
  gate started;
  gate release;
  gate all_done;
  std::string order;
  ASSERT_TRUE(pool.try_submit(1, "x", [&] {
    started.open();
    release.wait();
  }));
  started.wait();
  // Sixteen addresses flood the pool with catch-ups and replays; a player's
  // start, queued last, runs next however many there are.
  for (int key = 0; key < 16; ++key) {
    for (int i = 0; i < 3; ++i) {
      ASSERT_TRUE(pool.try_submit(
          1, "viewer" + std::to_string(key), [&] { order += 'v'; }, job_pool::lane::view));
    }
  }
  ASSERT_TRUE(pool.try_submit(
      1, "player", [&] { order += 'p'; }, job_pool::lane::play));
  ASSERT_TRUE(pool.try_submit(
      1, "viewer0",
      [&] {
        order += 'v';
        all_done.open();
      },
      job_pool::lane::view));
  release.open();
  all_done.wait();
  pool.stop();
  EXPECT_EQ(order, "p" + std::string(49, 'v'));
}

TEST(job_pool, viewers_jobs_leave_half_the_budget_to_players) {
  job_pool pool(1, 1000);
  gate started;
  gate release;
  ASSERT_TRUE(pool.try_submit(1, "x", [&] {
    started.open();
    release.wait();
  }));
  started.wait();
  ASSERT_TRUE(pool.try_submit(
      499, "viewer", [] {}, job_pool::lane::view));
  EXPECT_FALSE(pool.try_submit(
      2, "viewer", [] {}, job_pool::lane::view));
  EXPECT_FALSE(pool.try_submit(
      2, "another viewer", [] {}, job_pool::lane::view));
  // The players' half is still there.
  EXPECT_TRUE(pool.try_submit(
      499, "player", [] {}, job_pool::lane::play));
  EXPECT_FALSE(pool.try_submit(
      2, "player", [] {}, job_pool::lane::play));
  release.open();
  pool.stop();
}

TEST(job_pool, a_big_viewers_job_in_an_idle_pool_leaves_the_players_half) {
  job_pool pool(1, 1000);
  gate started;
  gate release;
  // An idle pool takes a viewer's job bigger than the whole budget...
  ASSERT_TRUE(pool.try_submit(
      5000, "viewer",
      [&] {
        started.open();
        release.wait();
      },
      job_pool::lane::view));
  started.wait();
  // ...and it counts as half against the players: starts still queue.
  EXPECT_TRUE(pool.try_submit(
      500, "player", [] {}, job_pool::lane::play));
  EXPECT_FALSE(pool.try_submit(
      1, "player", [] {}, job_pool::lane::play));
  EXPECT_FALSE(pool.try_submit(
      1, "viewer", [] {}, job_pool::lane::view));
  release.open();
  pool.stop();
}

TEST(job_pool, a_quick_job_does_not_wait_behind_big_ones) {
  job_pool pool(1, 1000, 10);
  gate big_started;
  gate release;
  gate quick_done;
  // A big start holds the worker, a viewer's big job waits; a quick job,
  // even a viewer's, runs beside them on the quick worker (a key's jobs
  // still run in order: another address's).
  ASSERT_TRUE(pool.try_submit(400, "costly", [&] {
    big_started.open();
    release.wait();
  }));
  big_started.wait();
  gate big_viewer_done;
  ASSERT_TRUE(pool.try_submit(
      300, "viewer", [&] { big_viewer_done.open(); }, job_pool::lane::view));
  ASSERT_TRUE(pool.try_submit(
      10, "player", [&] { quick_done.open(); }, job_pool::lane::play));
  quick_done.wait();
  gate viewer_done;
  ASSERT_TRUE(pool.try_submit(
      5, "another viewer", [&] { viewer_done.open(); }, job_pool::lane::view));
  viewer_done.wait();
  release.open();
  big_viewer_done.wait();
  pool.stop();
  EXPECT_EQ(pool.cost_in_use(), 0U);
}

TEST(job_pool, the_quick_worker_takes_nothing_bigger) {
  job_pool pool(1, 1000, 10);
  gate started;
  gate release;
  std::atomic<int> ran{0};
  ASSERT_TRUE(pool.try_submit(400, "costly", [&] {
    started.open();
    release.wait();
  }));
  started.wait();
  // Queued behind the running big job: only the worker that holds it may
  // take the next big one, so it has not run while that worker is held.
  ASSERT_TRUE(pool.try_submit(11, "another", [&] { ++ran; }));
  gate quick_done;
  ASSERT_TRUE(pool.try_submit(1, "third", [&] { quick_done.open(); }));
  quick_done.wait();
  EXPECT_EQ(ran.load(), 0);
  release.open();
  pool.stop();
}

TEST(job_pool, a_job_that_throws_does_not_end_the_pool) {
  job_pool pool(1, 1000);
  gate done;
  ASSERT_TRUE(pool.try_submit(1, "a", [] { throw std::runtime_error("boom"); }));
  ASSERT_TRUE(pool.try_submit(1, "a", [&] { done.open(); }));
  done.wait();
  pool.stop();
  EXPECT_EQ(pool.cost_in_use(), 0U);
}

}  // namespace
}  // namespace ariadne
