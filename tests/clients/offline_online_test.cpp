// Offline and online play are the same game at the edges: the same bad
// requests get the same error, code and sentence, from the in-process drone
// and from a real server over a socket.
#include <gtest/gtest.h>

#include <functional>

#include "bots/local_drone.hpp"
#include "clients/sdk/remote_drone.hpp"
#include "core/game/maze_catalog.hpp"
#include "core/model/limits.hpp"
#include "server/app/server_context.hpp"
#include "tests/support/running_server.hpp"

namespace ariadne {
namespace {

struct bad_request_case {
  const char* what;
  std::function<void(run_request&)> spoil;
  errc code;
};

// What a drone answered: the error's code and sentence, or nothing.
struct answer {
  std::optional<errc> code;
  std::string message;
};

answer start_on(drone& d, const run_request& request) {
  try {
    d.start(request);
    d.abandon();
    return {};
  } catch (const drone_error& e) {
    return {e.code(), e.what()};
  }
}

class offline_online_test : public ::testing::Test {
 protected:
  void SetUp() override {
    server_config config = testing::loopback_config(1);
    // Room for a path one letter too long, so the codec (not the frame limit) judges it.
    config.max_message_bytes = 16384;
    catalog_ = maze_catalog::load(ARIADNE_TEST_MAZES);
    server_ = std::make_unique<testing::running_server>(config, catalog_);
    url_ = server_->url();
    // The local drone under the server's own host limits.
    host_ = server_->context().host();
  }
  maze_catalog catalog_;
  std::unique_ptr<testing::running_server> server_;
  std::string url_;
  host_limits host_;
};

TEST_F(offline_online_test, the_same_bad_requests_get_the_same_errors) {
  const std::vector<bad_request_case> cases = {
      {"5000 treasures", [](run_request& r) { r.treasures = 5000; }, errc::bad_request},
      {"no treasure", [](run_request& r) { r.treasures = 0; }, errc::bad_request},
      {"max_steps 0", [](run_request& r) { r.max_steps = 0; }, errc::bad_request},
      {"max_steps past the limit", [](run_request& r) { r.max_steps = 2'000'000'000'000ULL; },
       errc::bad_request},
      {"too many walls", [](run_request& r) { r.reuse_walls_removed = 1'000'001; },
       errc::bad_request},
      {"a day and more", [](run_request& r) { r.time_limit_ms = 86'400'001; }, errc::bad_request},
      {"width 0", [](run_request& r) { r.maze.width = 0; }, errc::invalid_maze},
      {"negative width", [](run_request& r) { r.maze.width = -3; }, errc::invalid_maze},
      {"height 9000", [](run_request& r) { r.maze.height = 9000; }, errc::invalid_maze},
      {"loops 1.5", [](run_request& r) { r.maze.loops = 1.5; }, errc::invalid_maze},
      {"loops below 0", [](run_request& r) { r.maze.loops = -0.1; }, errc::invalid_maze},
      {"unknown generator", [](run_request& r) { r.maze.generator = "teleporter"; },
       errc::invalid_maze},
      {"long generator name", [](run_request& r) { r.maze.generator = std::string(65, 'g'); },
       errc::bad_request},
      {"empty maze name", [](run_request& r) { r.maze.name = ""; }, errc::bad_request},
      {"name and generator",
       [](run_request& r) {
         r.maze.name = "hedge5x5";
         r.maze.generator = "prim";
       },
       errc::bad_request},
      {"unknown maze", [](run_request& r) { r.maze.name = "no_such_maze"; }, errc::unknown_maze},
      {"too large",
       [](run_request& r) {
         r.maze.width = 2000;
         r.maze.height = 2000;
       },
       errc::too_large},
      // Two faults: the first in the codec's field order wins on both paths.
      {"unknown generator and no treasure",
       [](run_request& r) {
         r.maze.generator = "nope";
         r.treasures = 0;
       },
       errc::bad_request},
      {"unknown generator and width 0",
       [](run_request& r) {
         r.maze.generator = "nope";
         r.maze.width = 0;
       },
       errc::invalid_maze},
      {"name and generator and loops 2",
       [](run_request& r) {
         r.maze.name = "hedge5x5";
         r.maze.generator = "prim";
         r.maze.loops = 2;
       },
       errc::invalid_maze},
  };
  local_drone offline(host_, &catalog_);
  remote_drone online(url_, "offline-online");
  for (const auto& c : cases) {
    run_request request;
    request.maze.seed = 3;
    c.spoil(request);
    const answer local = start_on(offline, request);
    const answer remote = start_on(online, request);
    ASSERT_TRUE(local.code.has_value()) << c.what << ": accepted offline";
    ASSERT_TRUE(remote.code.has_value()) << c.what << ": accepted online";
    EXPECT_EQ(*local.code, c.code) << c.what << ": " << local.message;
    EXPECT_EQ(*remote.code, c.code) << c.what << ": " << remote.message;
    // The remote drone prefixes the code's name to the server's sentence.
    EXPECT_EQ(remote.message, std::string(to_string(c.code)) + ": " + local.message) << c.what;
  }
  // And both still play a good request, identically.
  run_request good;
  good.maze.generator = "prim";
  good.maze.seed = 3;
  good.treasures = 2;
  const drone_state a = offline.start(good);
  const drone_state b = online.start(good);
  EXPECT_EQ(a.position, b.position);
  EXPECT_EQ(a.open, b.open);
  EXPECT_EQ(a.max_steps, b.max_steps);
  EXPECT_EQ(a.maze, b.maze);
}

TEST_F(offline_online_test, the_same_paths_are_refused) {
  local_drone offline(host_, &catalog_);
  remote_drone online(url_, "offline-online");
  const std::vector<direction> too_long(limits::path_letters.max + 1, direction::north);
  for (drone* d : std::vector<drone*>{&offline, &online}) {
    d->start(run_request{});
    std::optional<errc> refused;
    try {
      d->path(too_long);
    } catch (const drone_error& e) {
      refused = e.code();
    }
    EXPECT_EQ(refused, errc::bad_request);
    EXPECT_EQ(d->state().steps + d->state().bumps, 0U);
    d->abandon();
  }
}

TEST_F(offline_online_test, the_same_order_errors_too) {
  local_drone offline(host_, &catalog_);
  remote_drone online(url_, "offline-online");
  for (drone* d : std::vector<drone*>{&offline, &online}) {
    std::optional<errc> before_start;
    try {
      d->sense();
    } catch (const drone_error& e) {
      before_start = e.code();
    }
    EXPECT_EQ(before_start, errc::no_run);
    d->start(run_request{});
    std::optional<errc> twice;
    try {
      d->start(run_request{});
    } catch (const drone_error& e) {
      twice = e.code();
    }
    EXPECT_EQ(twice, errc::run_active);
    d->abandon();
    std::optional<errc> after_end;
    try {
      d->move(direction::north);
    } catch (const drone_error& e) {
      after_end = e.code();
    }
    EXPECT_EQ(after_end, errc::no_run);
  }
}

}  // namespace
}  // namespace ariadne
