#include "core/play/drone_game.hpp"

#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "core/model/limits.hpp"

#include "core/maze/micromouse_text.hpp"

namespace ariadne {
namespace {

using clock_type = drone_game::clock;

const run_command sense{run_command::kind::sense, {}, {}};

run_command move(direction d) {
  return {run_command::kind::move, d, {}};
}

class drone_game_test : public ::testing::Test {
 protected:
  drone_game_test() {
    catalog_.add("tiny", read_micromouse_text("o---o---o\n| S   G |\no---o---o\n"));
  }

  std::variant<drone_state, request_error> start(const run_request& request) {
    return game_.start(request, catalog_, host_, next_id_++, 99, now_);
  }

  maze_catalog catalog_;
  host_limits host_;
  drone_game game_;
  std::uint64_t next_id_ = 1;
  clock_type::time_point now_ = clock_type::now();
};

TEST_F(drone_game_test, commands_before_a_start_are_refused) {
  EXPECT_FALSE(game_.in_run());
  const auto problem = game_.refuse(sense);
  ASSERT_TRUE(problem.has_value());
  EXPECT_EQ(problem->code, errc::no_run);
  EXPECT_EQ(problem->message, "no run yet; send start first");
  EXPECT_EQ(game_.current(), nullptr);
}

TEST_F(drone_game_test, plays_a_named_maze_to_the_end) {
  run_request request;
  request.maze.name = "tiny";
  const auto started = start(request);
  ASSERT_TRUE(std::holds_alternative<drone_state>(started));
  const drone_state& s = std::get<drone_state>(started);
  EXPECT_EQ(s.maze, "tiny");
  EXPECT_EQ(s.width, 2);
  EXPECT_EQ(s.seed, 99U);  // the seed given for a request without one
  EXPECT_TRUE(game_.in_run());

  const auto again = game_.refuse_start();
  ASSERT_TRUE(again.has_value());
  EXPECT_EQ(again->code, errc::run_active);
  EXPECT_EQ(std::get<request_error>(start(request)).code, errc::run_active);

  EXPECT_FALSE(game_.play(move(direction::west), now_).moved.value());
  const drone_state found = game_.play(move(direction::east), now_);
  EXPECT_TRUE(found.treasure);
  ASSERT_TRUE(found.result.has_value());
  EXPECT_EQ(found.result->status, run_status::found);
  EXPECT_EQ(found.result->score, 2U);
  EXPECT_FALSE(game_.in_run());
  EXPECT_EQ(game_.refuse(sense)->message, "the run has ended; send start to play again");
  EXPECT_EQ(game_.current()->status(), run_status::found);
}

TEST_F(drone_game_test, a_refused_start_changes_nothing) {
  run_request first;
  first.maze.name = "tiny";
  ASSERT_TRUE(std::holds_alternative<drone_state>(start(first)));
  game_.play(move(direction::east), now_);
  const run* before = game_.current();
  const std::uint64_t id = before->id();
  run_request bad;
  bad.treasures = 5000;
  EXPECT_EQ(std::get<request_error>(start(bad)).code, errc::bad_request);
  run_request unknown;
  unknown.maze.name = "nope";
  EXPECT_EQ(std::get<request_error>(start(unknown)).code, errc::unknown_maze);
  run_request big;
  big.maze.width = 2000;
  big.maze.height = 2000;
  EXPECT_EQ(std::get<request_error>(start(big)).code, errc::too_large);
  EXPECT_EQ(game_.current()->id(), id);
}

TEST_F(drone_game_test, paths_and_timeouts_apply_as_the_rules_say) {
  run_request request;
  request.maze.generator = "prim";
  request.maze.width = 8;
  request.maze.height = 8;
  request.maze.seed = 4;
  request.time_limit_ms = 1000;
  ASSERT_TRUE(std::holds_alternative<drone_state>(start(request)));
  const std::array<direction, 3> dirs = {direction::north, direction::north, direction::east};
  const drone_state walked = game_.play({run_command::kind::path, {}, dirs}, now_);
  ASSERT_TRUE(walked.done.has_value());
  EXPECT_GE(*walked.done, 1U);
  const drone_state late = game_.play(sense, now_ + std::chrono::seconds(2));
  ASSERT_TRUE(late.result.has_value());
  EXPECT_EQ(late.result->status, run_status::timeout);
}

TEST_F(drone_game_test, a_path_of_no_or_too_many_letters_is_refused_even_in_a_run) {
  ASSERT_TRUE(std::holds_alternative<drone_state>(start(run_request{})));
  const std::vector<direction> long_path(limits::path_letters.max + 1, direction::north);
  const auto problem = game_.refuse({run_command::kind::path, {}, long_path});
  ASSERT_TRUE(problem.has_value());
  EXPECT_EQ(problem->code, errc::bad_request);
  EXPECT_EQ(problem->message, "\"dirs\" must hold 1 to 4096 letters");
  EXPECT_TRUE(game_.refuse({run_command::kind::path, {}, {}}).has_value());
  const std::vector<direction> longest(limits::path_letters.max, direction::north);
  EXPECT_FALSE(game_.refuse({run_command::kind::path, {}, longest}).has_value());
}

TEST_F(drone_game_test, leaving_abandons_the_run_in_play) {
  ASSERT_TRUE(std::holds_alternative<drone_state>(start(run_request{})));
  game_.leave();
  EXPECT_EQ(game_.current()->status(), run_status::abandoned);
  game_.leave();
  EXPECT_EQ(game_.current()->status(), run_status::abandoned);
}

}  // namespace
}  // namespace ariadne
