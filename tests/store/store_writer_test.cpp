#include "server/store/store_writer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <future>
#include <stdexcept>
#include <thread>
#include <vector>

#include "server/store/sqlite_store.hpp"
#include "tests/support/store_scratch.hpp"

namespace ariadne {
namespace {

// A store that records what happened, to see transactions and order.
class recording_store : public results_store {
 public:
  std::vector<std::string>* log;
  explicit recording_store(std::vector<std::string>* l) : log(l) {}
  void begin() override { log->push_back("begin"); }
  void commit() override { log->push_back("commit"); }
  void rollback() override { log->push_back("rollback"); }
  std::optional<std::string> meta(std::string_view) override { return std::nullopt; }
  std::vector<std::pair<std::string, std::string>> every_meta() override { return {}; }
  void set_meta(std::string_view key, std::string_view) override {
    if (key == "fail") throw std::runtime_error("planted failure");
    log->push_back(std::string(key));
  }
  bool add_competitor(std::string_view, std::string_view, std::int64_t) override { return true; }
  bool set_token(std::string_view, std::string_view) override { return true; }
  bool revoke(std::string_view) override { return true; }
  std::vector<competitor_record> competitors() override { return {}; }
  std::optional<competitor_record> competitor_by_token(std::string_view) override {
    return std::nullopt;
  }
  std::vector<challenge_record> challenges() override { return {}; }
  void put_challenge(const challenge_record&) override {}
  bool insert_run(const ranked_run_record&) override { return true; }
  void finish_run(const ranked_run_record&) override {}
  std::string integrity_check() override { return "ok"; }
  std::vector<ranked_run_record> runs() override { return {}; }
  changes runs_changed_since(std::int64_t) override { return {}; }
  std::optional<ranked_run_record> run_by_number(std::uint64_t) override { return std::nullopt; }
  std::uint64_t last_run_number() override { return 0; }
  std::size_t delete_runs() override { return 0; }
  std::size_t interrupt_in_play(std::int64_t, bool, std::string_view, std::int64_t) override {
    return 0;
  }
  void beat(std::string_view, std::string_view, std::int64_t) override {}
  std::optional<node_beat> last_beat(std::string_view) override { return std::nullopt; }
  std::vector<std::string> living_nodes(std::int64_t) override { return {}; }
  void publish_runs(std::string_view, std::int64_t, std::string_view) override {}
  std::vector<published_runs_record> published_runs(
      std::string_view, std::int64_t,
      const std::map<std::string, std::int64_t, std::less<>>&) override {
    return {};
  }
  std::size_t interrupt_attempt(std::int64_t, std::string_view, std::uint32_t,
                                std::int64_t) override {
    return 0;
  }
  bool hand_off_run(std::uint64_t, std::string_view, std::string_view, std::string_view) override {
    return false;
  }
  void record_hello(const hello_record&, std::int64_t) override {}
  std::vector<hello_record> latest_hellos() override { return {}; }
  std::optional<hello_record> latest_hello_of(std::int64_t) override { return std::nullopt; }
  std::vector<ranked_run_record> runs_of(std::int64_t) override { return {}; }
  std::vector<ranked_run_record> latest_attempt(std::int64_t, std::string_view) override {
    return {};
  }
  void lock_competitor(std::int64_t competitor) override {
    log->push_back("lock " + std::to_string(competitor));
  }
  std::uint64_t claim_run_numbers(std::uint64_t) override { return 1; }
};

TEST(store_writer, done_follows_commit_in_order_and_a_failing_job_spares_the_rest) {
  std::vector<std::string> log;
  std::vector<std::pair<std::string, bool>> done;
  std::promise<void> finished;
  {
    store_writer writer(std::make_unique<recording_store>(&log));
    for (const char* key : {"one", "fail", "two"}) {
      writer.submit([key](results_store& s) { s.set_meta(key, ""); },
                    [&done, key](bool ok) { done.emplace_back(key, ok); });
    }
  }  // the destructor drains the queue
  ASSERT_EQ(done.size(), 3U);
  EXPECT_EQ(done[0], std::make_pair(std::string("one"), true));
  EXPECT_EQ(done[1], std::make_pair(std::string("fail"), false));
  EXPECT_EQ(done[2], std::make_pair(std::string("two"), true));
  // Every write sits between a begin and a commit.
  ASSERT_GE(log.size(), 4U);
  EXPECT_EQ(log.front(), "begin");
  EXPECT_EQ(log.back(), "commit");
}

// At a stop the server waits for the store's jobs before its connections'
// I/O context goes: wait_idle returns once every job ran, was answered and
// let go of what it held.
TEST(store_writer, wait_idle_returns_once_every_job_is_answered_and_let_go) {
  std::vector<std::string> log;
  store_writer writer(std::make_unique<recording_store>(&log));
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  auto held = std::make_shared<int>(0);  // what a login's lookup holds: its connection
  std::atomic<int> answered{0};
  writer.submit([released](results_store&) { released.wait(); });
  writer.submit([held](results_store& s) { s.set_meta("k", "v"); },
                [held, &answered](bool ok) { answered += ok ? 1 : 0; });
  std::atomic<bool> idle{false};
  std::thread waiter([&] {
    writer.wait_idle();
    idle = true;
  });
  EXPECT_FALSE(idle.load());  // the first job is still running
  release.set_value();
  waiter.join();
  EXPECT_TRUE(idle.load());
  EXPECT_EQ(answered.load(), 1);
  EXPECT_EQ(held.use_count(), 1);  // the jobs are gone, and what they held with them
  EXPECT_EQ(writer.backlog(), 0U);
}

// Two servers' batches that lock the same competitors in different orders
// would wait on each other (PostgreSQL ends one after a second): a batch
// takes its jobs' locks first, in one order, each once.
TEST(store_writer, a_batch_takes_its_jobs_locks_first_in_the_competitors_order) {
  std::vector<std::string> log;
  std::promise<void> release;
  auto released = release.get_future().share();
  std::promise<void> blocking;
  {
    store_writer writer(std::make_unique<recording_store>(&log));
    // The first job holds the store thread while the others queue: one batch.
    writer.submit([&](results_store&) {
      blocking.set_value();
      released.wait();
    });
    blocking.get_future().wait();
    for (const std::int64_t competitor : {9, 3, 9, 5}) {
      writer.submit(
          [competitor](results_store& s) { s.set_meta("job " + std::to_string(competitor), ""); },
          {}, competitor);
    }
    writer.submit([](results_store& s) { s.set_meta("unlocked", ""); });
    release.set_value();
  }
  const std::vector<std::string> batch(std::find(log.begin() + 1, log.end(), "begin"), log.end());
  const std::vector<std::string> wanted{"begin", "lock 3", "lock 5", "lock 9",   "job 9",
                                        "job 3", "job 9",  "job 5",  "unlocked", "commit"};
  EXPECT_EQ(batch, wanted);
}

TEST(store_writer, many_writes_share_commits) {
  const std::string path = test::fresh_sqlite_file("writer");
  std::atomic<int> durable{0};
  std::uint64_t commits = 0;
  {
    store_writer writer(std::make_unique<sqlite_store>(path));
    for (int i = 0; i < 2000; ++i) {
      writer.submit([i](results_store& s) { s.set_meta("k" + std::to_string(i), "v"); },
                    [&durable](bool ok) { durable += ok ? 1 : 0; });
    }
    while (writer.backlog() > 0)
      std::this_thread::yield();
    commits = writer.commits();
  }
  EXPECT_EQ(durable.load(), 2000);
  EXPECT_LT(commits, 2000U);  // grouped
  sqlite_store check(path, sqlite_store::access::read_only);
  EXPECT_EQ(*check.meta("k1999"), "v");
}

// A store that can be taken out of reach: everything throws meanwhile.
class unreachable_store : public recording_store {
 public:
  std::atomic<bool>* down;
  unreachable_store(std::vector<std::string>* l, std::atomic<bool>* d)
      : recording_store(l), down(d) {}
  void begin() override {
    if (*down) throw std::runtime_error("connection refused");
    recording_store::begin();
  }
  void commit() override {
    if (*down) throw std::runtime_error("connection refused");
    recording_store::commit();
  }
  std::optional<std::string> meta(std::string_view) override {
    if (*down) throw std::runtime_error("connection refused");
    return std::nullopt;
  }
};

bool eventually(const std::function<bool()>& condition) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!condition()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

TEST(store_writer, an_outage_holds_the_writes_until_the_store_answers_again) {
  std::vector<std::string> log;
  std::atomic<bool> down{true};
  std::atomic<int> durable{0};
  std::atomic<int> failed{0};
  store_writer writer(std::make_unique<unreachable_store>(&log, &down));
  EXPECT_TRUE(writer.reachable());
  for (const char* key : {"one", "two"}) {
    writer.submit([key](results_store& s) { s.set_meta(key, ""); },
                  [&](bool ok) { ++(ok ? durable : failed); });
  }
  ASSERT_TRUE(eventually([&] { return !writer.reachable(); }));
  EXPECT_EQ(durable + failed, 0);  // held, not failed
  down = false;
  ASSERT_TRUE(eventually([&] { return durable == 2; }));
  EXPECT_EQ(failed, 0);
  EXPECT_TRUE(writer.reachable());
  EXPECT_EQ(std::count(log.begin(), log.end(), "one"), 1);
}

// A store out of reach whose first statement waits before it fails, as
// PostgreSQL's does for its answer limit behind a proxy that holds bytes.
class silent_store : public unreachable_store {
 public:
  std::atomic<bool> waiting{false};
  using unreachable_store::unreachable_store;
  void begin() override {
    if (*down) {
      waiting = true;
      std::this_thread::sleep_for(std::chrono::milliseconds(600));
      throw std::runtime_error("no answer");
    }
    recording_store::begin();
  }
};

TEST(store_writer, a_job_queued_in_an_outage_fails_at_its_own_hold_and_never_lands) {
  using clock = std::chrono::steady_clock;
  const auto hold = std::chrono::milliseconds(1500);
  std::vector<std::string> log;
  std::atomic<bool> down{true};
  auto owned = std::make_unique<silent_store>(&log, &down);
  silent_store& store = *owned;
  std::promise<clock::time_point> second_failed;
  store_writer writer(std::move(owned), {}, hold);
  writer.submit([](results_store& s) { s.set_meta("one", ""); });
  ASSERT_TRUE(eventually([&] { return store.waiting.load(); }));
  // Queued behind a batch in flight: held from now, not after that batch.
  const auto queued = clock::now();
  writer.submit([](results_store& s) { s.set_meta("two", ""); },
                [&](bool ok) { second_failed.set_value(ok ? clock::time_point{} : clock::now()); });
  auto told = second_failed.get_future();
  ASSERT_EQ(told.wait_for(std::chrono::seconds(20)), std::future_status::ready);
  const auto at = told.get();
  ASSERT_NE(at, clock::time_point{}) << "reported durable while the store was down";
  // Its hold, and at most one statement that was in flight (600 ms).
  EXPECT_LT(at - queued, hold + std::chrono::milliseconds(1100));
  down = false;
  writer.submit([](results_store& s) { s.set_meta("three", ""); });
  writer.wait_idle();
  EXPECT_EQ(std::count(log.begin(), log.end(), "two"), 0) << "a failed write landed later";
  EXPECT_EQ(std::count(log.begin(), log.end(), "three"), 1);
}

TEST(store_writer, a_read_now_fails_at_once_in_an_outage_and_a_barrier_waits) {
  std::vector<std::string> log;
  std::atomic<bool> down{true};
  std::atomic<int> read{0};     // 1 answered, 2 failed
  std::atomic<int> barrier{0};  // the same
  store_writer writer(std::make_unique<unreachable_store>(&log, &down));
  writer.submit([](results_store& s) { s.set_meta("one", ""); });
  ASSERT_TRUE(eventually([&] { return !writer.reachable(); }));
  writer.read([](results_store&) {}, [&](bool ok) { barrier = ok ? 1 : 2; });
  writer.read_now([](results_store& s) { s.meta("k"); }, [&](bool ok) { read = ok ? 1 : 2; });
  ASSERT_TRUE(eventually([&] { return read != 0; }));
  EXPECT_EQ(read, 2);
  EXPECT_EQ(barrier, 0);  // behind the held write, in order
  down = false;
  ASSERT_TRUE(eventually([&] { return barrier != 0; }));
  EXPECT_EQ(barrier, 1);
}

TEST(store_writer, an_outage_ends_by_probing_with_nothing_to_write) {
  std::vector<std::string> log;
  std::atomic<bool> down{true};
  std::atomic<int> durable{0};
  store_writer writer(std::make_unique<unreachable_store>(&log, &down));
  writer.submit([](results_store& s) { s.set_meta("one", ""); },
                [&](bool ok) { durable += ok ? 1 : 0; });
  ASSERT_TRUE(eventually([&] { return !writer.reachable(); }));
  down = false;
  ASSERT_TRUE(eventually([&] { return writer.reachable() && writer.backlog() == 0; }));
  EXPECT_EQ(durable, 1);
}

TEST(store_writer, a_failing_job_with_the_store_answering_is_no_outage) {
  std::vector<std::string> log;
  std::atomic<bool> down{false};
  std::atomic<int> failed{0};
  store_writer writer(std::make_unique<unreachable_store>(&log, &down));
  writer.submit([](results_store& s) { s.set_meta("fail", ""); },
                [&](bool ok) { failed += ok ? 0 : 1; });
  ASSERT_TRUE(eventually([&] { return failed == 1; }));
  EXPECT_TRUE(writer.reachable());
}

}  // namespace
}  // namespace ariadne
