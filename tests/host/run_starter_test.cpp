#include "server/host/run_starter.hpp"

#include <gtest/gtest.h>

#include <variant>

#include "tests/support/queued_sink.hpp"
#include "tests/support/run_world.hpp"

namespace ariadne {
namespace {

using ready_or_not = std::variant<run_starter::ready_run, request_error>;

run_request prim(std::int32_t side) {
  run_request request;
  request.maze.generator = "prim";
  request.maze.width = side;
  request.maze.height = side;
  request.maze.seed = 3;
  return request;
}

class run_starter_test : public ::testing::Test {
 protected:
  testing::run_world world_;
  drone_run run_{world_.host};
  run_starter starter_{world_.host, run_, "127.0.0.1"};
  std::optional<ready_or_not> got_;
  std::string reply_;

  run_starter::completion take() {
    return [this](ready_or_not outcome, std::string& reply, run_starter::clock::time_point) {
      got_ = std::move(outcome);
      reply += "done";
      return true;
    };
  }
};

TEST_F(run_starter_test, a_small_maze_is_set_up_inline_with_its_slot_and_feed) {
  std::uint64_t number = 0;
  EXPECT_EQ(starter_.start(prim(8), {"t", "", "bot"}, {}, &number, reply_,
                           run_starter::clock::now(), take()),
            run_starter::frame_result::answered);
  EXPECT_EQ(reply_, "done");
  ASSERT_TRUE(got_);
  auto& ready = std::get<run_starter::ready_run>(*got_);
  EXPECT_EQ(ready.prepared.ready.id(), number);
  EXPECT_EQ(ready.prepared.feed->run_id(), number);
  EXPECT_EQ(ready.prepared.feed->bot(), "bot");
  EXPECT_TRUE(ready.prepared.slot);
  EXPECT_FALSE(ready.reference);
  EXPECT_EQ(world_.budgets.runs_in_play(), 1U);
}

TEST_F(run_starter_test, the_reference_bot_plays_the_same_maze_when_asked) {
  starter_.start(prim(8), {"t", "x", ""}, "frontier", nullptr, reply_, run_starter::clock::now(),
                 take());
  ASSERT_TRUE(got_);
  const auto& ready = std::get<run_starter::ready_run>(*got_);
  ASSERT_TRUE(ready.reference);
  EXPECT_EQ(ready.reference->status, run_status::found);
}

TEST_F(run_starter_test, what_the_host_refuses_touches_no_budget) {
  run_request unknown;
  unknown.maze.name = "nowhere";
  starter_.start(unknown, {"t", "", ""}, {}, nullptr, reply_, run_starter::clock::now(), take());
  ASSERT_TRUE(got_);
  EXPECT_EQ(std::get<request_error>(*got_).code, errc::unknown_maze);
  EXPECT_EQ(world_.budgets.runs_in_play(), 0U);
  EXPECT_TRUE(world_.runs.live().empty());
}

TEST_F(run_starter_test, a_big_maze_is_set_up_on_the_pool_and_answered_through_the_sink) {
  auto sink = std::make_shared<testing::queued_sink>();
  starter_.set_sink(sink);
  EXPECT_EQ(starter_.start(
                prim(300), {"t", "", ""}, {}, nullptr, reply_, run_starter::clock::now(),
                [this](ready_or_not outcome, std::string& reply, run_starter::clock::time_point) {
                  got_ = std::move(outcome);
                  reply += R"({"type":"state"})";
                  return true;
                }),
            run_starter::frame_result::deferred);
  EXPECT_TRUE(starter_.pending());
  EXPECT_FALSE(sink->pump_until("state").is_null());
  EXPECT_FALSE(starter_.pending());
  ASSERT_TRUE(got_);
  EXPECT_TRUE(std::holds_alternative<run_starter::ready_run>(*got_));
}

TEST_F(run_starter_test, a_start_given_up_meanwhile_finds_no_one) {
  auto sink = std::make_shared<testing::queued_sink>();
  starter_.set_sink(sink);
  starter_.start(prim(300), {"t", "", ""}, {}, nullptr, reply_, run_starter::clock::now(), take());
  starter_.cancel();
  EXPECT_TRUE(world_.runs.live().empty());
  EXPECT_EQ(world_.budgets.runs_in_play(), 0U);
  // The job still answers, and finds no one: its completion is never called.
  ASSERT_TRUE(sink->wait_for_work());
  sink->pump();
  EXPECT_FALSE(got_);
}

}  // namespace
}  // namespace ariadne
