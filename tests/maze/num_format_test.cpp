#include "core/maze/num_format.hpp"

#include <gtest/gtest.h>

#include "core/maze/format_error.hpp"
#include "core/maze/generators.hpp"
#include "core/maze/loops.hpp"

namespace ariadne {
namespace {

TEST(num_format, writes_one_line_per_cell_x_outer) {
  grid g(2, 2);
  g.set_open(cell{0, 0}, direction::east, true);
  g.set_open(cell{1, 0}, direction::north, true);
  EXPECT_EQ(write_num(g),
            "0 0 1 0 1 1\n"
            "0 1 1 1 1 1\n"
            "1 0 0 1 1 0\n"
            "1 1 1 1 0 1\n");
}

TEST(num_format, round_trips_every_generator) {
  for (const auto& info : all_generators()) {
    rng r(8);
    grid g = info.make(9, 14, r);
    add_loops(g, 0.5, r);
    const std::string text = write_num(g);
    const maze_layout m = read_num(text);
    EXPECT_EQ(m.walls, g) << info.name;
    EXPECT_EQ(write_num(m.walls), text) << info.name;
  }
}

TEST(num_format, any_line_order_and_crlf_are_read) {
  EXPECT_EQ(read_num("1 1 1 1 0 1\r\n0 0 1 0 1 1\r\n1 0 0 1 1 0\r\n0 1 1 1 1 1\r\n").walls,
            read_num("0 0 1 0 1 1\n0 1 1 1 1 1\n1 0 0 1 1 0\n1 1 1 1 0 1\n").walls);
}

std::pair<int, int> num_error_at(const std::string& text) {
  try {
    read_num(text);
  } catch (const format_error& e) {
    return {e.line(), e.column()};
  }
  return {-1, -1};
}

TEST(num_format, rejects_malformed_input) {
  const std::string ok = "0 0 1 0 1 1\n0 1 1 1 1 1\n1 0 0 1 1 0\n1 1 1 1 0 1\n";
  EXPECT_EQ(num_error_at(ok), std::make_pair(-1, -1));
  EXPECT_EQ(num_error_at("0 0 1 0 1\n"), std::make_pair(1, 10));      // five numbers
  EXPECT_EQ(num_error_at("0 0 1 0 1 x\n"), std::make_pair(1, 11));    // not a number
  EXPECT_EQ(num_error_at("0 0 1 0 1 2\n"), std::make_pair(1, 11));    // flag not 0/1
  EXPECT_EQ(num_error_at("0 0 1 0 1 1 9\n"), std::make_pair(1, 13));  // trailing text
  EXPECT_EQ(num_error_at("-1 0 1 1 1 1\n"), std::make_pair(1, 1));    // negative cell
  EXPECT_EQ(num_error_at("0 0 1 0 1 1\n0 1 1 1 1 1\n1 0 0 1 1 0\n"),
            std::make_pair(0, 0));  // missing
  EXPECT_EQ(num_error_at("0 0 1 0 1 1\n0 0 1 1 1 1\n1 0 0 1 1 0\n1 1 1 1 0 1\n"),
            std::make_pair(2, 1));  // given twice
  EXPECT_EQ(num_error_at("0 0 1 0 1 1\n0 1 1 1 1 1\n1 0 0 1 1 1\n1 1 1 1 0 1\n"),
            std::make_pair(3, 0));                                 // disagreeing sides
  EXPECT_EQ(num_error_at("0 0 1 1 1 0\n"), std::make_pair(1, 0));  // open boundary
  EXPECT_EQ(num_error_at(""), std::make_pair(0, 0));
}

}  // namespace
}  // namespace ariadne
