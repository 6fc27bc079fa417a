#include "core/play/request_check.hpp"

#include <gtest/gtest.h>

namespace ariadne {
namespace {

std::optional<errc> code_of(const run_request& request) {
  const auto problem = check_request(request);
  return problem ? std::optional<errc>(problem->code) : std::nullopt;
}

TEST(request_check, an_empty_request_is_fine) {
  EXPECT_FALSE(check_request(run_request{}).has_value());
}

TEST(request_check, maze_problems) {
  maze_request maze;
  maze.generator = "nope";
  const auto unknown = check_maze(maze);
  ASSERT_TRUE(unknown.has_value());
  EXPECT_EQ(unknown->code, errc::invalid_maze);
  EXPECT_EQ(unknown->message,
            "unknown generator 'nope'; GET /api/generators (or ariadne-maze --list) names them");
  maze = {};
  maze.generator = std::string(60, 'g');
  EXPECT_NE(check_maze(maze)->message.find("..."), std::string::npos);
  maze = {};
  maze.width = 0;
  EXPECT_EQ(check_maze(maze)->code, errc::invalid_maze);
  maze = {};
  maze.height = 8193;
  EXPECT_EQ(check_maze(maze)->message, "\"height\" must be from 1 to 8192, got 8193");
  maze = {};
  maze.loops = 1.5;
  EXPECT_EQ(check_maze(maze)->code, errc::invalid_maze);
  maze = {};
  maze.name = "hedge";
  maze.generator = "prim";
  EXPECT_EQ(check_maze(maze)->code, errc::bad_request);
  maze = {};
  maze.name = "";
  EXPECT_EQ(check_maze(maze)->code, errc::bad_request);
  maze = {};
  maze.name = "hedge";
  maze.seed = 4;
  EXPECT_FALSE(check_maze(maze).has_value());
}

TEST(request_check, run_options_out_of_range) {
  run_request r;
  r.treasures = 5000;
  EXPECT_EQ(code_of(r), errc::bad_request);
  EXPECT_EQ(check_request(r)->message, "\"treasures\" must be from 1 to 1000, got 5000");
  r = {};
  r.treasures = 0;
  EXPECT_EQ(code_of(r), errc::bad_request);
  r = {};
  r.max_steps = 0;
  EXPECT_EQ(code_of(r), errc::bad_request);
  r = {};
  r.reuse_walls_removed = 1'000'001;
  EXPECT_EQ(code_of(r), errc::bad_request);
  r = {};
  r.time_limit_ms = 86'400'001;
  EXPECT_EQ(code_of(r), errc::bad_request);
  r = {};
  r.treasures = 1000;
  r.max_steps = 1'000'000'000'000ULL;
  r.reuse_walls_removed = 1'000'000;
  r.time_limit_ms = 0;
  EXPECT_FALSE(check_request(r).has_value());
}

}  // namespace
}  // namespace ariadne
