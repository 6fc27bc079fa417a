#include "protocol/maze_json.hpp"

#include <gtest/gtest.h>

#include "core/maze/format_error.hpp"
#include "core/maze/generators.hpp"
#include "core/maze/loops.hpp"

namespace ariadne {
namespace {

TEST(maze_json, writes_one_hex_digit_per_cell_from_the_south_west) {
  maze_layout m{grid(2, 1), cell{0, 0}, {cell{1, 0}}};
  m.walls.set_open(cell{0, 0}, direction::east, true);
  // (0, 0): walls N, S, W = 8 + 2 + 1 = b; (1, 0): walls N, E, S = e.
  EXPECT_EQ(protocol::write_maze_json(m),
            "{\"format\":\"ariadne-maze\",\"goals\":[{\"x\":1,\"y\":0}],\"height\":1,"
            "\"start\":{\"x\":0,\"y\":0},\"version\":1,\"walls\":\"be\",\"width\":2}\n");
}

TEST(maze_json, round_trips_every_generator) {
  for (const auto& info : all_generators()) {
    rng r(4);
    maze_layout m{info.make(11, 6, r), cell{3, 2}, {cell{10, 5}, cell{0, 5}}};
    add_loops(m.walls, 0.4, r);
    const std::string text = protocol::write_maze_json(m);
    EXPECT_EQ(protocol::read_maze_json(text), m) << info.name;
    EXPECT_EQ(protocol::write_maze_json(protocol::read_maze_json(text)), text) << info.name;
  }
}

TEST(maze_json, start_and_goals_are_optional) {
  const maze_layout m = protocol::read_maze_json(R"({"width":1,"height":2,"walls":"7d"})");
  EXPECT_FALSE(m.start.has_value());
  EXPECT_TRUE(m.goals.empty());
  EXPECT_EQ(m.walls.passage_count(), 1U);
}

std::string error_of(const std::string& text) {
  try {
    protocol::read_maze_json(text);
  } catch (const format_error& e) {
    return e.what();
  }
  return "";
}

TEST(maze_json, rejects_malformed_documents) {
  EXPECT_EQ(error_of("{"), "not valid JSON");
  EXPECT_EQ(error_of("[]"), "a JSON maze is an object");
  EXPECT_EQ(error_of(R"({"height":1,"walls":"f"})"), "\"width\" must be a whole number");
  EXPECT_EQ(error_of(R"({"width":0,"height":1,"walls":""})"),
            "\"width\" must be from 1 to 8192, got 0");
  EXPECT_EQ(error_of(R"({"width":1,"height":1})"), "\"walls\" must be a string of hex digits");
  EXPECT_EQ(error_of(R"({"width":2,"height":1,"walls":"f"})"),
            "\"walls\" must have one hex digit per cell (2), got 1");
  EXPECT_EQ(error_of(R"({"width":1,"height":1,"walls":"g"})"),
            "\"walls\" character 1 is not a hex digit");
  EXPECT_EQ(error_of(R"({"width":1,"height":1,"walls":"7"})"),
            "the outer boundary must be closed: side N of (0, 0) is open");
  EXPECT_EQ(error_of(R"({"width":2,"height":1,"walls":"bf"})"),
            "side E of (0, 0) disagrees with its neighbour");
  EXPECT_EQ(error_of(R"({"width":1,"height":1,"walls":"f","start":{"x":1,"y":0}})"),
            "start (1, 0) is outside the maze");
  EXPECT_EQ(error_of(R"({"width":1,"height":1,"walls":"f","goals":{}})"),
            "\"goals\" must be an array of cells");
  EXPECT_EQ(error_of(R"({"format":"other","width":1,"height":1,"walls":"f"})"),
            "\"format\" must be \"ariadne-maze\"");
}

}  // namespace
}  // namespace ariadne
