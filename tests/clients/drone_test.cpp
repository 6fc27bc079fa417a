// The two drones agree step for step, and the remote one reports failures
// clearly. A real server runs in-process on port 0.
#include "bots/drone.hpp"

#include <gtest/gtest.h>

#include <array>
#include <future>
#include <thread>

#include "bots/bot.hpp"
#include "bots/local_drone.hpp"
#include "clients/sdk/health_check.hpp"
#include "clients/sdk/remote_drone.hpp"
#include "core/game/maze_catalog.hpp"
#include "tests/support/hung_listener.hpp"
#include "tests/support/running_server.hpp"

namespace ariadne {
namespace {

class drone_test : public ::testing::Test {
 protected:
  void SetUp() override {
    server_config config = testing::loopback_config(2);
    config.shutdown_grace_ms = 500;
    catalog_ = maze_catalog::load(ARIADNE_TEST_MAZES);
    server_ = std::make_unique<testing::running_server>(config, catalog_);
    url_ = server_->url();
  }

  maze_catalog catalog_;
  std::unique_ptr<testing::running_server> server_;
  std::string url_;
};

protocol::start_message request(std::string_view generator, std::uint64_t seed, double loops,
                                std::uint32_t treasures = 1) {
  protocol::start_message start;
  start.maze.generator = std::string(generator);
  start.maze.width = 14;
  start.maze.height = 11;
  start.maze.seed = seed;
  if (loops > 0) start.maze.loops = loops;
  if (treasures > 1) {
    start.treasures = treasures;
    start.reuse_walls_removed = 6;
  }
  return start;
}

TEST_F(drone_test, local_and_remote_drones_give_identical_games) {
  remote_drone remote(url_, "drone-test");
  EXPECT_EQ(remote.welcome().protocol, 1);
  local_drone local({}, &catalog_);
  for (const auto& info : all_bots()) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      for (const auto& start :
           {request("hunt_and_kill", seed, 0.0), request("prim", seed, 0.7, 3)}) {
        auto a = make_bot(info.name);
        auto b = make_bot(info.name);
        remote.record_trail(true);
        local.record_trail(true);
        remote.start(start);
        local.start(start);
        a->play(remote);
        b->play(local);
        ASSERT_TRUE(remote.finished() && local.finished());
        EXPECT_EQ(*remote.state().result, *local.state().result) << info.name << " seed " << seed;
        EXPECT_EQ(remote.trail(), local.trail()) << info.name << " seed " << seed;
      }
    }
  }
  // A named maze too.
  protocol::start_message named;
  named.maze.name = "hedge5x5";
  named.maze.seed = 8;
  auto a = make_bot("frontier");
  auto b = make_bot("frontier");
  remote.start(named);
  local.start(named);
  a->play(remote);
  b->play(local);
  EXPECT_EQ(*remote.state().result, *local.state().result);
}

TEST_F(drone_test, server_errors_carry_their_code_and_leave_the_drone_usable) {
  remote_drone remote(url_, "errors");
  protocol::start_message bad;
  bad.maze.name = "no-such-maze";
  try {
    remote.start(bad);
    FAIL() << "an unknown maze was accepted";
  } catch (const drone_error& e) {
    EXPECT_EQ(e.code(), errc::unknown_maze);
    EXPECT_EQ(std::string(e.what()), "unknown_maze: " + e.sentence());
    EXPECT_NE(e.sentence().find("no-such-maze"), std::string::npos);
  }
  EXPECT_THROW(remote.sense(), drone_error);
  remote.start(request("wilson", 1, 0.0));
  EXPECT_FALSE(remote.finished());
  try {
    remote.start(request("wilson", 2, 0.0));
    FAIL();
  } catch (const drone_error& e) {
    EXPECT_EQ(e.code(), errc::run_active);
  }
  EXPECT_TRUE(remote.abandon().result.has_value());
  local_drone local;
  EXPECT_THROW(local.sense(), drone_error);
  protocol::start_message too_big = request("prim", 1, 0.0);
  too_big.maze.width = 2000;
  too_big.maze.height = 2000;
  try {
    local.start(too_big);
    FAIL();
  } catch (const drone_error& e) {
    EXPECT_EQ(e.code(), errc::too_large);
    EXPECT_EQ(e.sentence(), e.what());  // the rules' sentence as it is
  }
}

// A reader that has taken the trail in keeps it short; the trail goes on
// from where the drone stands.
TEST(drone, a_trimmed_trail_keeps_the_cell_the_drone_stands_on) {
  local_drone d;
  d.record_trail(true);
  d.start(request("prim", 5, 0.0));
  for (const direction dir : {direction::east, direction::south, direction::west, direction::north})
    d.move(dir);
  const std::vector<cell> before = d.trail();
  d.trim_trail();
  ASSERT_EQ(d.trail(), std::vector<cell>{before.back()});
  ASSERT_EQ(d.trail().back(), d.position());
  const std::array<direction, 2> two = {direction::east, direction::south};
  const std::uint32_t made = d.path(two);
  EXPECT_LE(d.trail().size(), 1U + made);  // a bump adds no cell
  EXPECT_EQ(d.trail().back(), d.position());
}

TEST_F(drone_test, a_refused_or_lost_connection_is_a_drone_error_without_code) {
  try {
    remote_drone nowhere("ws://127.0.0.1:1/ws", "x");
    FAIL();
  } catch (const drone_error& e) {
    EXPECT_FALSE(e.code().has_value());
    EXPECT_NE(std::string(e.what()).find("cannot connect"), std::string::npos) << e.what();
  }
  EXPECT_THROW(remote_drone("http://127.0.0.1/ws", "x"), drone_error);
  // Two quick tries to mend it (the default policy spends some 13 s on a
  // server that is gone).
  const reconnect_policy quick{
      .tries = 2, .first = std::chrono::milliseconds(10), .longest = std::chrono::milliseconds(20)};
  remote_drone remote(url_, "lost", std::chrono::seconds(30), {}, {}, nullptr, quick);
  remote.start(request("prim", 1, 0.0));
  server_->stop();
  try {
    remote.sense();
    FAIL();
  } catch (const drone_error& e) {
    EXPECT_FALSE(e.code().has_value());
    // Either the close frame (1001) or the dropped socket, depending on timing.
    EXPECT_NE(std::string(e.what()).find("lost"), std::string::npos) << e.what();
  }
}

TEST_F(drone_test, a_server_that_never_answers_times_out) {
  testing::hung_listener hung;
  const std::string url = "ws://127.0.0.1:" + std::to_string(hung.port()) + "/ws";
  try {
    remote_drone waiting(url, "x", std::chrono::milliseconds(200));
    FAIL();
  } catch (const drone_error& e) {
    EXPECT_NE(std::string(e.what()).find("no answer within 200 ms"), std::string::npos) << e.what();
  }
  const auto problem = check_health(url, std::chrono::milliseconds(200));
  ASSERT_TRUE(problem.has_value());
  EXPECT_NE(problem->find("no answer within 200 ms"), std::string::npos) << *problem;
  EXPECT_FALSE(check_health(url_).has_value());  // a live server is healthy
}

// A server full for the address refuses the first connection (HTTP 503); a
// drone tries again as it would mend a lost one, and plays once a place is
// free (a hello answered server_busy is tried again the same way).
TEST(drone, a_first_connection_refused_for_now_is_tried_again) {
  server_config config = testing::loopback_config(1);
  config.max_connections_per_ip = 1;
  const maze_catalog catalog = maze_catalog::load(ARIADNE_TEST_MAZES);
  testing::running_server server(config, catalog);
  auto holder = std::make_unique<remote_drone>(server.url(), "holder");
  const auto refused = [&server] {
    const std::string name = "\nariadne_connections_refused_total ";
    const std::string text = server.context().counters().prometheus_text();
    const auto at = text.find(name);
    return at == std::string::npos ? 0ULL : std::stoull(text.substr(at + name.size()));
  };
  const reconnect_policy patient{.tries = 20,
                                 .first = std::chrono::milliseconds(20),
                                 .longest = std::chrono::milliseconds(200)};
  auto second = std::async(std::launch::async, [&] {
    return std::make_unique<remote_drone>(server.url(), "second", std::chrono::seconds(10),
                                          std::string{}, std::string{}, nullptr, patient);
  });
  // Once it has been refused, the place is given up.
  while (refused() == 0)
    std::this_thread::yield();
  holder.reset();
  const auto drone = second.get();
  EXPECT_EQ(drone->start(request("prim", 3, 0.0)).steps, 0U);
  EXPECT_GE(refused(), 1U);
}

}  // namespace
}  // namespace ariadne
