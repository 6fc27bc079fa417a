// The drone's memory as the memory_map tool draws it.
#include "clients/mcp/sensed_map.hpp"

#include <gtest/gtest.h>

namespace ariadne::mcp {
namespace {

constexpr unsigned north = 1;
constexpr unsigned east = 2;
constexpr unsigned west = 8;

TEST(sensed_map, draws_the_start_with_fog_around_it) {
  sensed_map map(3, 2);
  map.visit({0, 0});
  map.sense({0, 0}, east);
  const std::vector<std::string> expected = {
      "  #############",  //
      "1 #############",  //
      "  +---+########",  //
      "0 | @  ########",  //
      "  +---+########",  //
      "    0   1   2 ",
  };
  EXPECT_EQ(map.render({0, 0}, {0, 0}, {2, 1}), expected);
}

TEST(sensed_map, counts_visits_and_learns_both_sides_of_a_passage) {
  sensed_map map(3, 2);
  map.visit({0, 0});
  map.sense({0, 0}, east);
  map.walked({0, 0}, {1, 0});
  map.visit({1, 0});
  map.sense({1, 0}, north | west);
  map.walked({1, 0}, {0, 0});
  map.visit({0, 0});
  map.sense({0, 0}, east);
  // (1, 0) is open to the north, into fog: its side is blank, (1, 1) still fog.
  const std::vector<std::string> expected = {
      "  #############",  //
      "1 #############",  //
      "  +---+   +####",  //
      "0 | @   1 |####",  //
      "  +---+---+####",  //
      "    0   1   2 ",
  };
  const auto rows = map.render({0, 0}, {0, 0}, {2, 1});
  EXPECT_EQ(rows, expected);
  EXPECT_EQ(map.visits({0, 0}), 2U);
  EXPECT_EQ(map.figures().cells, 2U);
  EXPECT_EQ(map.figures().most, 2U);
  EXPECT_EQ(map.figures().ten_or_more, 0U);
}

TEST(sensed_map, a_window_and_the_looping_figure) {
  sensed_map map(30, 30);
  for (int k = 0; k < 12; ++k)
    map.visit({5, 5});
  map.visit({6, 5});
  map.sense({5, 5}, east);
  EXPECT_EQ(map.figures().ten_or_more, 1U);
  EXPECT_EQ(map.figures().most, 12U);
  const auto rows = map.render({6, 5}, {4, 4}, {7, 6});
  ASSERT_EQ(rows.size(), 8U);
  // (6, 5) was stood on but not sensed (a path's middle cell): its east side is not known.
  EXPECT_EQ(rows[3], "5 ####|12   @ ?####");
  EXPECT_EQ(rows.back(), "    4   5   6   7 ");
}

// The largest maze costs what the drone explores: no memory until it moves,
// a block of 16 x 16 cells where it goes (and beside it, where a sensed side
// falls in the next block).
TEST(sensed_map, memory_follows_the_drone_not_the_maze) {
  sensed_map map(8192, 8192);
  EXPECT_EQ(map.blocks(), 0U);
  map.visit({0, 0});
  map.sense({0, 0}, north | east);
  EXPECT_EQ(map.blocks(), 1U);
  for (std::int32_t x = 1; x < 40; ++x) {
    map.walked({x - 1, 0}, {x, 0});
    map.visit({x, 0});
    map.sense({x, 0}, east | west);
  }
  EXPECT_EQ(map.blocks(), 3U);
  EXPECT_EQ(map.visits({39, 0}), 1U);
  EXPECT_EQ(map.visits({8000, 8000}), 0U);
  EXPECT_EQ(map.render({39, 0}, {38, 0}, {40, 0})[1], "0   1   @  ####");
  map.sense({8191, 8191}, west);
  EXPECT_EQ(map.blocks(), 4U);
}

TEST(three_wide, pads_and_caps) {
  EXPECT_EQ(three_wide(7), " 7 ");
  EXPECT_EQ(three_wide(42), "42 ");
  EXPECT_EQ(three_wide(512), "512");
  EXPECT_EQ(three_wide(4000), "999");
}

}  // namespace
}  // namespace ariadne::mcp
