#include "clients/bridge/line_protocol.hpp"

#include <gtest/gtest.h>

#include <string>

namespace ariadne::bridge {
namespace {

TEST(line_protocol, paint_takes_cells_split_by_semicolons_or_clear) {
  const auto parsed = parse_line("PAINT 3 0 red dead; 4 0 - 7 ;5 1 green");
  const auto& command = std::get<line_command>(parsed);
  ASSERT_EQ(command.type, line_command::kind::paint);
  ASSERT_EQ(command.marks.size(), 3U);
  EXPECT_EQ(command.marks[0], (paint_mark{3, 0, "red", "dead"}));
  EXPECT_EQ(command.marks[1], (paint_mark{4, 0, "", "7"}));
  EXPECT_EQ(command.marks[2], (paint_mark{5, 1, "green", ""}));
  EXPECT_TRUE(std::get<line_command>(parse_line("PAINT CLEAR")).clear);
}

TEST(line_protocol, a_bad_paint_line_says_why) {
  for (const char* line : {"PAINT", "PAINT 1", "PAINT x 1 red", "PAINT 1 1 pink",
                           "PAINT 1 1 red toolong", "PAINT 1 1 red;"}) {
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_line(line))) << line;
  }
  std::string many = "PAINT 0 0 red";
  for (int i = 0; i < 128; ++i)
    many += "; 0 0 red";
  EXPECT_NE(std::get<std::string>(parse_line(many)).find("at most 128"), std::string::npos);
}

}  // namespace
}  // namespace ariadne::bridge
