// start_run's arguments over the command line's maze, as maze_options
// fills them in for every client.
#include "clients/mcp/start_request.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace ariadne::mcp {
using json = nlohmann::json;

namespace {

protocol::start_message start_of(const json& arguments, const maze_options& defaults,
                                 std::optional<std::uint64_t> seed = std::nullopt) {
  const auto request = start_request(arguments, defaults, seed);
  EXPECT_TRUE(std::holds_alternative<protocol::client_request>(request));
  return std::get<protocol::start_message>(std::get<protocol::client_request>(request).message);
}

TEST(start_request, the_command_line_fills_what_the_arguments_leave_out) {
  maze_options defaults;
  defaults.generator = "kruskal";
  defaults.size = "12x9";
  defaults.treasures = 3;
  const auto start = start_of({{"width", 5}}, defaults, 7);
  EXPECT_EQ(start.maze.generator, "kruskal");
  EXPECT_EQ(start.maze.width, 5);
  EXPECT_EQ(start.maze.height, 9);
  EXPECT_EQ(start.maze.seed, 7U);
  EXPECT_EQ(start.treasures, 3U);
  EXPECT_FALSE(start.maze.loops);  // the rules' default: left out
}

TEST(start_request, a_named_maze_and_a_generated_one_replace_each_other) {
  maze_options named;
  named.maze = "spiral";
  EXPECT_EQ(start_of(json::object(), named).maze.name, "spiral");
  const auto generated = start_of({{"generator", "prim"}}, named);
  EXPECT_FALSE(generated.maze.name);
  EXPECT_EQ(generated.maze.width, 16);
  const auto asked = start_of({{"maze", "rooms"}}, maze_options{}, 4);
  EXPECT_EQ(asked.maze.name, "rooms");
  EXPECT_FALSE(asked.maze.generator);
  EXPECT_FALSE(asked.maze.width);
  EXPECT_EQ(asked.maze.seed, 4U);
}

TEST(start_request, a_challenge_takes_nothing_beside_it) {
  const auto challenge = start_request({{"challenge", "one"}, {"seed", 4}}, maze_options{}, {});
  ASSERT_TRUE(std::holds_alternative<protocol::parse_error>(challenge));
  EXPECT_NE(std::get<protocol::parse_error>(challenge).message.find("takes no"), std::string::npos);
}

}  // namespace
}  // namespace ariadne::mcp
