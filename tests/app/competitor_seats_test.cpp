#include "server/app/competitor_seats.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <thread>
#include <vector>

#include "core/play/run_setup.hpp"
#include "server/app/server_context.hpp"
#include "tests/support/temp_dir.hpp"

namespace ariadne {
namespace {

using std::chrono::hours;

// A server context in competition mode, its seats with a resume window.
class competitor_seats_test : public ::testing::Test {
 protected:
  void SetUp() override { make(30); }

  void make(std::uint64_t resume_seconds) {
    context_.reset();
    const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
    server_config config;
    config.competition = dir_.write(
        "competition.json", R"({"name": "c", "closes_at": ")" + format_time(now + hours(1)) +
                                R"(", "challenges": [{"id": "x", "maze": {"generator": "prim",
                                "width": 8, "height": 8}, "attempts": 3}]})");
    config.db = dir_.file("db" + std::to_string(++dbs_));
    config.resume_seconds = resume_seconds;
    context_ = std::make_unique<server_context>(config, maze_catalog{});
  }

  // A ranked run in play, as a connection would hand it over.
  parked_run ranked_run() {
    competition_hub& hub = *context_->competition();
    auto opened =
        hub.open_attempt(competitor_record{1, "alice"}, "x", std::chrono::system_clock::now());
    auto attempt = std::get<competition_hub::attempt>(std::move(opened));
    const std::uint64_t id = context_->ids().next_run_id();
    attempt.record.run = id;
    auto feed = context_->runs().open(id, "alice", "x");
    player seat;
    auto started = seat.start(attempt.request, context_->catalog(), context_->host(), id, 0,
                              player::clock::now(), feed.get());
    EXPECT_TRUE(std::holds_alternative<drone_state>(started));
    hub.claim_start(attempt.record, [](competition_hub::claim) {});
    return parked_run{std::move(seat), context_->budgets().reserve_run(64, "127.0.0.1"),
                      std::move(feed), attempt.record};
  }

  testing::temp_dir dir_;
  int dbs_ = 0;
  std::unique_ptr<server_context> context_;
};

TEST_F(competitor_seats_test, a_second_connection_takes_the_run_over) {
  competitor_seats& seats = context_->seats();
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
  EXPECT_TRUE(second_got->seat.in_run());
  EXPECT_TRUE(seats.superseded(1, 100));
  EXPECT_FALSE(seats.superseded(1, 200));
  EXPECT_EQ(seats.parked(), 0U);
}

TEST_F(competitor_seats_test, a_dropped_run_waits_for_its_competitor) {
  competitor_seats& seats = context_->seats();
  seats.claim(
      1, 100, [](competitor_seats::let_go_reason) {}, [](std::optional<parked_run>) {});
  seats.leave(1, 100, ranked_run());
  EXPECT_EQ(seats.parked(), 1U);
  std::optional<parked_run> got;
  seats.claim(
      1, 300, [](competitor_seats::let_go_reason) {},
      [&](std::optional<parked_run> run) { got = std::move(run); });
  ASSERT_TRUE(got);
  EXPECT_TRUE(got->seat.in_run());
  EXPECT_EQ(seats.parked(), 0U);
}

TEST_F(competitor_seats_test, a_run_nobody_takes_over_ends_as_abandoned_and_is_recorded) {
  make(1);
  competitor_seats& seats = context_->seats();
  seats.claim(
      1, 100, [](competitor_seats::let_go_reason) {}, [](std::optional<parked_run>) {});
  seats.leave(1, 100, ranked_run());
  EXPECT_EQ(seats.parked(), 1U);
  EXPECT_EQ(context_->budgets().runs_in_play(), 1U);
  // The reaper ends it when the window passes (1 s), and gives its slot back
  // last; polled, with a bound.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (context_->budgets().runs_in_play() != 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(seats.parked(), 0U);
  EXPECT_EQ(context_->budgets().runs_in_play(), 0U);
  EXPECT_EQ(context_->stats().runs_finished(run_status::abandoned), 1U);
  // Its attempt is used, and its end recorded.
  EXPECT_EQ(context_->competition()->challenges_for(1)[0].attempts_left, 2U);
}

TEST_F(competitor_seats_test, a_withdrawn_token_asks_the_holder_to_let_go) {
  competitor_seats& seats = context_->seats();
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

TEST_F(competitor_seats_test, a_competitor_gone_to_another_server_lets_go_and_is_given_back) {
  using reason = competitor_seats::let_go_reason;
  competitor_seats& seats = context_->seats();
  std::vector<reason> asked;
  seats.claim(
      1, 100, [&](reason why) { asked.push_back(why); }, [](std::optional<parked_run>) {});
  seats.moved_elsewhere(1);
  EXPECT_TRUE(asked.empty());  // its own seat is not the store's yet: the other is older
  seats.seat_recorded(1, 100);
  seats.moved_elsewhere(1);
  EXPECT_EQ(asked, std::vector<reason>{reason::moved});
  // A run parked here (its connection gone) is given back, not abandoned.
  seats.leave(1, 100, ranked_run());
  EXPECT_EQ(seats.parked(), 1U);
  EXPECT_EQ(context_->competition()->challenges_for(1)[0].attempts_left, 2U);
  seats.moved_elsewhere(1);
  EXPECT_EQ(seats.parked(), 0U);
  std::promise<void> written;
  context_->competition()->after_writes([&written](bool) { written.set_value(); });
  written.get_future().wait();
  EXPECT_EQ(context_->competition()->challenges_for(1)[0].attempts_left, 3U);
  EXPECT_EQ(context_->stats().runs_finished(run_status::abandoned), 0U);
}

}  // namespace
}  // namespace ariadne
