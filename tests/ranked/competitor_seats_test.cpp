#include "server/ranked/competitor_seats.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <thread>
#include <vector>

#include "core/play/run_setup.hpp"
#include "server/store/sqlite_store.hpp"
#include "tests/ranked/ranked_start.hpp"
#include "tests/support/run_world.hpp"
#include "tests/support/temp_dir.hpp"

namespace ariadne {
namespace {

using std::chrono::hours;

// A reading of the store begun after everything so far.
competitor_seats::clock::time_point later() {
  return competitor_seats::clock::now() + std::chrono::milliseconds(1);
}

// A competition's ranked play, its seats with a resume window.
class competitor_seats_test : public ::testing::Test {
 protected:
  void SetUp() override { make(30); }

  void make(std::uint64_t resume_seconds) {
    world_.reset();
    world_ = std::make_unique<testing::ranked_world>(std::chrono::seconds(resume_seconds));
    // The store's own competitor 1, so that its runs are written and read back.
    sqlite_store store(world_->dir.file("db"));
    ASSERT_TRUE(store.add_competitor("alice", "h", 1));
  }

  // A ranked run in play, as a connection would hand it over.
  parked_run ranked_run() {
    testing::ranked_start started = testing::start_ranked(*world_);
    return parked_run{std::move(started.game), world_->budgets.reserve_run(64, "127.0.0.1"),
                      std::move(started.feed), started.record};
  }

  std::unique_ptr<testing::ranked_world> world_;
};

TEST_F(competitor_seats_test, a_second_connection_takes_the_run_over) {
  competitor_seats& seats = world_->play->seats();
  int asked_to_let_go = 0;
  std::optional<parked_run> first_got;
  seats.claim(
      1, 100,
      [&](competitor_seats::let_go_reason why) {
        asked_to_let_go += why == competitor_seats::let_go_reason::withdrawn ? 10 : 1;
      },
      [&](std::optional<parked_run> run) { first_got = std::move(run); });
  EXPECT_FALSE(first_got);  // nothing was parked
  EXPECT_FALSE(seats.superseded(1, 100));
  // Another connection of the same competitor: the holder is asked to let go.
  std::optional<parked_run> second_got;
  bool second_called = false;
  seats.claim(
      1, 200, [](competitor_seats::let_go_reason) {},
      [&](std::optional<parked_run> run) {
        second_called = true;
        second_got = std::move(run);
      });
  EXPECT_EQ(asked_to_let_go, 1);
  EXPECT_FALSE(second_called);  // it waits for the holder
  // The holder lets go with its run in play: it goes to the claimer, in play.
  seats.leave(1, 100, ranked_run());
  ASSERT_TRUE(second_called);
  ASSERT_TRUE(second_got);
  EXPECT_TRUE(second_got->game.in_run());
  EXPECT_TRUE(seats.superseded(1, 100));
  EXPECT_FALSE(seats.superseded(1, 200));
  EXPECT_EQ(seats.parked(), 0U);
}

TEST_F(competitor_seats_test, a_dropped_run_waits_for_its_competitor) {
  competitor_seats& seats = world_->play->seats();
  seats.claim(
      1, 100, [](competitor_seats::let_go_reason) {}, [](std::optional<parked_run>) {});
  seats.leave(1, 100, ranked_run());
  EXPECT_EQ(seats.parked(), 1U);
  std::optional<parked_run> got;
  seats.claim(
      1, 300, [](competitor_seats::let_go_reason) {},
      [&](std::optional<parked_run> run) { got = std::move(run); });
  ASSERT_TRUE(got);
  EXPECT_TRUE(got->game.in_run());
  EXPECT_EQ(seats.parked(), 0U);
}

TEST_F(competitor_seats_test, a_run_nobody_takes_over_ends_as_abandoned_and_is_recorded) {
  make(1);
  competitor_seats& seats = world_->play->seats();
  seats.claim(
      1, 100, [](competitor_seats::let_go_reason) {}, [](std::optional<parked_run>) {});
  seats.leave(1, 100, ranked_run());
  EXPECT_EQ(seats.parked(), 1U);
  EXPECT_EQ(world_->budgets.runs_in_play(), 1U);
  // The reaper ends it when the window passes (1 s), and gives its slot back
  // last; polled, with a bound.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (world_->budgets.runs_in_play() != 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(seats.parked(), 0U);
  EXPECT_EQ(world_->budgets.runs_in_play(), 0U);
  EXPECT_EQ(world_->counters.runs_finished(run_status::abandoned), 1U);
  // Its attempt is used, and its end recorded.
  EXPECT_EQ(world_->hub.get()->challenges_for(1)[0].attempts_left, 2U);
}

TEST_F(competitor_seats_test, a_withdrawn_token_asks_the_holder_to_let_go) {
  competitor_seats& seats = world_->play->seats();
  bool withdrawn = false;
  seats.claim(
      1, 100,
      [&](competitor_seats::let_go_reason why) {
        withdrawn = why == competitor_seats::let_go_reason::withdrawn;
      },
      [](std::optional<parked_run>) {});
  seats.evict(1);
  EXPECT_TRUE(withdrawn);
}

TEST_F(competitor_seats_test, a_competitor_gone_to_another_server_takes_its_run_there) {
  using reason = competitor_seats::let_go_reason;
  competitor_seats& seats = world_->play->seats();
  std::vector<reason> asked;
  seats.claim(
      1, 100, [&](reason why) { asked.push_back(why); }, [](std::optional<parked_run>) {});
  seats.moved_elsewhere(1, "two", later());
  EXPECT_TRUE(asked.empty());  // its own seat is not the store's yet: the other is older
  seats.hello_recorded(1, 100);
  seats.moved_elsewhere(1, "two", later());
  EXPECT_EQ(asked, std::vector<reason>{reason::moved});
  EXPECT_EQ(seats.moved_to(1), "two");
  // A run parked here (its connection gone) is handed over, neither given
  // back nor abandoned: the attempt goes on at "two".
  parked_run run = ranked_run();
  const std::uint64_t number = run.record.run;
  seats.leave(1, 100, std::move(run));
  EXPECT_EQ(seats.parked(), 1U);
  seats.moved_elsewhere(1, "two", later());
  EXPECT_EQ(seats.parked(), 0U);
  std::promise<std::optional<ranked_run_record>> found;
  world_->hub.get()->after_writes([&](bool) {
    world_->hub.get()->find_ranked_run(
        number, [&found](std::optional<ranked_run_record> r) { found.set_value(std::move(r)); });
  });
  const auto stored = found.get_future().get();
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->status, ranked_status::in_play);
  EXPECT_EQ(stored->node, "two");
  EXPECT_EQ(world_->hub.get()->challenges_for(1)[0].attempts_left, 2U);
  EXPECT_EQ(world_->counters.runs_finished(run_status::abandoned), 0U);
}

TEST_F(competitor_seats_test, a_run_handed_here_goes_to_the_hello_awaiting_it) {
  competitor_seats& seats = world_->play->seats();
  std::optional<parked_run> got;
  bool called = false;
  seats.claim(
      1, 100, [](competitor_seats::let_go_reason) {},
      [&](std::optional<parked_run> run) {
        called = true;
        got = std::move(run);
      },
      competitor_seats::clock::now() + hours(1));
  EXPECT_FALSE(called);  // it waits for the run
  seats.arrive(ranked_run());
  ASSERT_TRUE(called);
  ASSERT_TRUE(got);
  EXPECT_TRUE(got->game.in_run());
  // One that does not come in time: the hello goes on without it.
  called = false;
  seats.claim(
      2, 200, [](competitor_seats::let_go_reason) {},
      [&](std::optional<parked_run> run) {
        called = true;
        EXPECT_FALSE(run);
      },
      competitor_seats::clock::now() + std::chrono::milliseconds(50));
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!called && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_TRUE(called);
}

TEST_F(competitor_seats_test, a_second_hello_here_inherits_the_wait_for_a_run_on_its_way) {
  competitor_seats& seats = world_->play->seats();
  using reason = competitor_seats::let_go_reason;
  const auto until = competitor_seats::clock::now() + hours(1);
  bool first_let_go = false;
  seats.claim(
      1, 100, [&](reason) { first_let_go = true; }, [](std::optional<parked_run>) {}, until);
  std::optional<parked_run> got;
  bool called = false;
  seats.claim(
      1, 200, [](reason) {},
      [&](std::optional<parked_run> run) {
        called = true;
        got = std::move(run);
      },
      until);
  EXPECT_TRUE(first_let_go);
  seats.leave(1, 100, std::nullopt);  // the first lets go, its run not come yet
  EXPECT_FALSE(called);               // the second waits on for it
  seats.arrive(ranked_run());
  ASSERT_TRUE(called);
  ASSERT_TRUE(got);
  EXPECT_EQ(world_->counters.runs_finished(run_status::abandoned), 0U);
}

TEST_F(competitor_seats_test, a_hello_stops_awaiting_a_run_whose_server_stopped_beating) {
  competitor_seats& seats = world_->play->seats();
  std::promise<bool> welcomed;
  seats.claim(
      1, 100, [](competitor_seats::let_go_reason) {},
      [&](std::optional<parked_run> run) { welcomed.set_value(run.has_value()); },
      competitor_seats::clock::now() + hours(1));
  seats.stop_awaiting(2);  // another competitor: nothing
  seats.stop_awaiting(1);
  auto answer = welcomed.get_future();
  ASSERT_EQ(answer.wait_for(std::chrono::seconds(20)), std::future_status::ready);
  EXPECT_FALSE(answer.get());  // welcomed without the run, long before its hour
}

TEST_F(competitor_seats_test, a_newer_hello_here_is_seen_waiting_for_the_seat) {
  competitor_seats& seats = world_->play->seats();
  seats.claim(
      1, 100, [](competitor_seats::let_go_reason) {}, [](std::optional<parked_run>) {});
  EXPECT_FALSE(seats.claimed_here(1));
  seats.claim(
      1, 200, [](competitor_seats::let_go_reason) {}, [](std::optional<parked_run>) {});
  EXPECT_TRUE(seats.claimed_here(1));  // its holder hands its run here, not elsewhere
  seats.leave(1, 100, std::nullopt);
  EXPECT_FALSE(seats.claimed_here(1));
}

TEST_F(competitor_seats_test, a_reading_of_the_seats_older_than_the_holders_seat_is_not_acted_on) {
  using reason = competitor_seats::let_go_reason;
  competitor_seats& seats = world_->play->seats();
  std::vector<reason> asked;
  const auto before = competitor_seats::clock::now();
  seats.claim(
      1, 100, [&](reason why) { asked.push_back(why); }, [](std::optional<parked_run>) {});
  seats.hello_recorded(1, 100);
  seats.moved_elsewhere(1, "two", before);  // read before the seat here was recorded
  EXPECT_TRUE(asked.empty());
  seats.moved_elsewhere(1, "two", later());
  EXPECT_EQ(asked, std::vector<reason>{reason::moved});
}

TEST_F(competitor_seats_test, a_takeover_here_whose_seat_was_recorded_first_lets_go_when_it_moves) {
  // A second hello here: its seat is written (shared store) before the
  // holder lets go, so it is recorded while it waits; once it holds, a hello
  // on another server must still take it away.
  using reason = competitor_seats::let_go_reason;
  competitor_seats& seats = world_->play->seats();
  std::vector<reason> first_asked, second_asked;
  seats.claim(
      1, 100, [&](reason why) { first_asked.push_back(why); }, [](std::optional<parked_run>) {});
  seats.hello_recorded(1, 100);
  seats.claim(
      1, 101, [&](reason why) { second_asked.push_back(why); }, [](std::optional<parked_run>) {});
  seats.hello_recorded(1, 101);
  EXPECT_EQ(first_asked, std::vector<reason>{reason::replaced});
  seats.leave(1, 100, std::nullopt);
  seats.moved_elsewhere(1, "two", later());
  EXPECT_EQ(second_asked, std::vector<reason>{reason::moved});
  EXPECT_EQ(seats.moved_to(1), "two");
}

TEST_F(competitor_seats_test, a_run_handed_here_waits_for_its_competitor_or_ends_with_a_holder) {
  competitor_seats& seats = world_->play->seats();
  // Nobody here yet: parked for the resume window, taken by the next hello.
  seats.arrive(ranked_run());
  EXPECT_EQ(seats.parked(), 1U);
  std::optional<parked_run> got;
  seats.claim(
      1, 100, [](competitor_seats::let_go_reason) {},
      [&](std::optional<parked_run> run) { got = std::move(run); });
  ASSERT_TRUE(got);
  EXPECT_TRUE(got->game.in_run());
  // A holder that did not wait for one (the competitor started the run
  // there while saying hello here): it ends as abandoned, recorded.
  seats.arrive(std::move(*got));
  EXPECT_EQ(seats.parked(), 0U);
  EXPECT_EQ(world_->counters.runs_finished(run_status::abandoned), 1U);
}

}  // namespace
}  // namespace ariadne
