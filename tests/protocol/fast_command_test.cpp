#include "protocol/fast_command.hpp"

#include <gtest/gtest.h>

namespace ariadne::protocol {
namespace {

TEST(fast_command, reads_the_plain_run_commands) {
  auto move = parse_fast_command(R"({"type":"move","dir":"W"})");
  ASSERT_TRUE(move);
  EXPECT_EQ(move->type, command_view::kind::move);
  EXPECT_EQ(move->dir, direction::west);
  EXPECT_TRUE(move->id.empty());

  auto path = parse_fast_command(" { \"dirs\" : \"NNES\" ,\n\"type\":\"path\", \"id\": 17 } ");
  ASSERT_TRUE(path);
  EXPECT_EQ(path->type, command_view::kind::path);
  EXPECT_EQ(path->dirs, "NNES");
  EXPECT_EQ(path->id, "17");

  EXPECT_EQ(parse_fast_command(R"({"type":"sense","id":"a-1"})")->id, R"("a-1")");
  EXPECT_EQ(parse_fast_command(R"({"type":"abandon","id":null,"x":true})")->type,
            command_view::kind::abandon);
  EXPECT_EQ(parse_fast_command(R"({"type":"sense","id":-42})")->id, "-42");
}

TEST(fast_command, leaves_everything_else_to_the_full_parser) {
  for (const char* text : {"",
                           "{",
                           "{}",
                           "[]",
                           R"({"type":"hello"})",
                           R"({"type":"start"})",
                           R"({"type":"move"})",
                           R"({"type":"move","dir":"n"})",
                           R"({"type":"move","dir":"NE"})",
                           R"({"type":"path","dirs":""})",
                           R"({"type":"path","dirs":"NX"})",
                           R"({"type":"sense","id":1.5})",
                           R"({"type":"sense","id":1e3})",
                           R"({"type":"sense","id":-0})",
                           R"({"type":"sense","id":007})",
                           R"({"type":"sense","id":1234567890123456789})",
                           R"({"type":"sense","id":[1]})",
                           R"({"type":"sense","x":{"a":1}})",
                           R"({"type":"se\u006ese"})",
                           R"({"type":"sense","id":"caf\u00e9"})",
                           "{\"type\":\"sense\",\"id\":\"caf\xc3\xa9\"}",
                           R"({"type":"sense","type":"move"})",
                           R"({"type":"sense"} x)",
                           R"({"type":"sense",})",
                           R"({"type" "sense"})",
                           R"({"type":5})",
                           R"({"type":"sense","id":tru})"}) {
    EXPECT_FALSE(parse_fast_command(text).has_value()) << text;
  }
  EXPECT_FALSE(parse_fast_command(R"({"type":"path","dirs":")" + std::string(4097, 'N') + "\"}"));
  EXPECT_TRUE(parse_fast_command(R"({"type":"path","dirs":")" + std::string(4096, 'N') + "\"}"));
}

}  // namespace
}  // namespace ariadne::protocol
