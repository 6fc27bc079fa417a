#include "server/ranked/ranked_connection.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/maze/micromouse_text.hpp"
#include "protocol/state_writer.hpp"
#include "server/competition/rules/secrets.hpp"
#include "server/ranked/ranked_play.hpp"
#include "server/store/sqlite_store.hpp"
#include "tests/support/queued_sink.hpp"
#include "tests/support/run_world.hpp"

namespace ariadne {
namespace {

using json = nlohmann::json;

// "tiny": the treasure one step east of the start; challenge "x" on it.
maze_catalog tiny() {
  maze_catalog catalog;
  catalog.add("tiny", read_micromouse_text("o---o---o\n| S   G |\no---o---o\n"));
  return catalog;
}

// A drone connection's ranked part, with the parts its owner holds beside
// it, on a strand that is the test's thread (queued_sink).
struct connection {
  connection(testing::ranked_world& world, std::string id)
      : who{std::move(id), "test", "127.0.0.1"},
        run(world.host),
        starter(world.host, run, who.address),
        sink(std::make_shared<testing::queued_sink>()),
        ranked(*world.play, world.host, who, run, starter, sink) {
    starter.set_sink(sink);
  }

  // A frame's reply: at once, or pumped until it comes.
  json answer(websocket_handler::frame_result result, std::string& reply) {
    if (result == websocket_handler::frame_result::answered) return json::parse(reply);
    return sink->pump_until([](const json&) { return true; });
  }
  json hello(const std::string& token) {
    protocol::hello_message hello;
    hello.name = "alice";
    hello.token = token;
    std::string reply;
    return answer(ranked.hello(hello, "", reply), reply);
  }
  json start() {
    std::string reply;
    return answer(ranked.start("x", "", reply, run_starter::clock::now()), reply);
  }
  // The move to the treasure, as client_session plays it: presented, its
  // end recorded, its reply sent once durable.
  json finish() {
    drone_state s =
        run.play({run_command::kind::move, direction::east, {}}, drone_run::clock::now());
    ranked.present(s);
    std::string reply;
    protocol::append_state(reply, s, "");
    if (const auto result = run.settle()) ranked.record_end(*result);
    return answer(ranked.reply_when_durable(reply, 0), reply);
  }

  connection_identity who;
  drone_run run;
  run_starter starter;
  std::shared_ptr<testing::queued_sink> sink;
  ranked_connection ranked;
};

class ranked_connection_test : public ::testing::Test {
 protected:
  ranked_connection_test()
      : world_(std::chrono::seconds(30), R"({"name": "c", "challenges": [
          {"id": "x", "maze": {"name": "tiny"}, "attempts": 2}]})",
               tiny()) {
    sqlite_store store(world_.dir.file("db"));
    EXPECT_TRUE(store.add_competitor("alice", token_hash("alice-token"), 1));
  }

  testing::ranked_world world_;
};

TEST_F(ranked_connection_test, a_competitor_plays_a_ranked_run_its_result_sent_once_durable) {
  connection c(world_, "s1");
  const json welcome = c.hello("alice-token");
  ASSERT_EQ(welcome["type"], "welcome");
  EXPECT_EQ(welcome["competitor"], "alice");
  ASSERT_NE(c.ranked.competitor(), nullptr);
  EXPECT_TRUE(c.who.greeted);
  const json started = c.start();
  ASSERT_EQ(started["type"], "state");
  EXPECT_EQ(started["maze"], "x");  // its challenge, never its maze's name
  EXPECT_FALSE(started.contains("seed"));
  EXPECT_EQ(started["set"]["attempt"], 1);
  EXPECT_TRUE(c.ranked.playing());
  const json result = c.finish();
  EXPECT_EQ(result["result"]["status"], "found");
  EXPECT_FALSE(result["result"].contains("seed"));
  EXPECT_FALSE(c.ranked.waiting_for_store());
  world_.hub->refresh_leaderboard_now();
  EXPECT_EQ(world_.hub->challenges_for(c.ranked.competitor()->id)[0].attempts_left, 1U);
}

TEST_F(ranked_connection_test, wrong_tokens_are_counted_and_refused) {
  connection c(world_, "s1");
  for (std::uint32_t i = 0; i < token_login::bad_token_limit; ++i) {
    EXPECT_EQ(c.hello("wrong")["code"], "unauthorized");
  }
  EXPECT_TRUE(c.ranked.too_many_bad_tokens());
  EXPECT_FALSE(c.who.greeted);
}

TEST_F(ranked_connection_test, a_newer_connection_takes_the_run_in_play_over) {
  auto first = std::make_unique<connection>(world_, "s1");
  ASSERT_EQ(first->hello("alice-token")["type"], "welcome");
  ASSERT_EQ(first->start()["type"], "state");
  // The competitor connects again: the first lets go (its run handed over)
  // and closes; the second's welcome carries the run.
  connection second(world_, "s2");
  protocol::hello_message hello;
  hello.name = "alice";
  hello.token = "alice-token";
  std::string reply;
  ASSERT_EQ(second.ranked.hello(hello, "", reply), websocket_handler::frame_result::deferred);
  // The lookup answers on the second's strand; the request to let go, on the first's.
  ASSERT_TRUE(second.sink->wait_for_work());
  second.sink->pump();
  ASSERT_TRUE(first->sink->wait_for_work());
  first->sink->pump();
  EXPECT_EQ(first->sink->closed(), 1008);
  EXPECT_FALSE(first->run.in_run());
  const json welcome = second.sink->pump_until("welcome");
  ASSERT_FALSE(welcome.is_null());
  ASSERT_TRUE(welcome.contains("state"));
  EXPECT_EQ(welcome["state"]["maze"], "x");
  EXPECT_TRUE(second.run.in_run());
  EXPECT_TRUE(second.ranked.playing());
  first.reset();  // a replaced connection leaves nothing behind
  EXPECT_EQ(second.finish()["result"]["status"], "found");
}

TEST_F(ranked_connection_test, a_dropped_connection_parks_its_run_for_its_competitor) {
  auto first = std::make_unique<connection>(world_, "s1");
  ASSERT_EQ(first->hello("alice-token")["type"], "welcome");
  ASSERT_EQ(first->start()["type"], "state");
  first.reset();
  EXPECT_EQ(world_.play->seats().parked(), 1U);
  connection again(world_, "s2");
  const json welcome = again.hello("alice-token");
  ASSERT_TRUE(welcome.contains("state"));
  EXPECT_EQ(world_.play->seats().parked(), 0U);
  EXPECT_EQ(again.finish()["result"]["status"], "found");
}

TEST_F(ranked_connection_test, a_maze_dealt_and_not_begun_is_given_back) {
  connection c(world_, "s1");
  ASSERT_EQ(c.hello("alice-token")["type"], "welcome");
  // The server runs as many runs as it allows: the maze dealt is refused,
  // and its attempt not counted.
  std::vector<run_slot> full;
  for (run_slot slot = world_.budgets.reserve_run(1, "others"); slot;
       slot = world_.budgets.reserve_run(1, "others")) {
    full.push_back(std::move(slot));
  }
  EXPECT_EQ(c.start()["code"], "server_busy");
  EXPECT_FALSE(c.ranked.playing());
  EXPECT_EQ(world_.hub->challenges_for(c.ranked.competitor()->id)[0].attempts_left, 2U);
  full.clear();
  EXPECT_EQ(c.start()["type"], "state");
  EXPECT_EQ(world_.hub->challenges_for(c.ranked.competitor()->id)[0].attempts_left, 1U);
}

}  // namespace
}  // namespace ariadne
