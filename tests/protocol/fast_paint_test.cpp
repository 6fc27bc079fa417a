#include "protocol/fast_paint.hpp"

#include <gtest/gtest.h>

#include <string>

#include "protocol/client_reader.hpp"

namespace ariadne::protocol {
namespace {

TEST(fast_paint, reads_a_plain_paint_as_the_full_parser_does) {
  const std::string text =
      R"({"type":"paint","id":7,"clear":true,"cells":[{"x":1,"y":2,"colour":"teal","text":"ab"},)"
      R"({"x":0,"y":0,"note":1},{"y":30,"x":40,"colour":null,"text":"four"}]})";
  const auto fast = parse_fast_paint(text);
  ASSERT_TRUE(fast);
  EXPECT_EQ(fast->id, "7");
  EXPECT_TRUE(fast->message.clear);
  ASSERT_EQ(fast->message.cells.size(), 3U);
  EXPECT_EQ(fast->message.cells[0], (paint_mark{1, 2, "teal", "ab"}));
  EXPECT_EQ(fast->message.cells[1], (paint_mark{0, 0, "", ""}));
  EXPECT_EQ(fast->message.cells[2], (paint_mark{40, 30, "", "four"}));
  const auto full = std::get<client_request>(parse_client_message(text));
  const auto& paint = std::get<paint_message>(full.message);
  EXPECT_EQ(paint.cells, fast->message.cells);
  EXPECT_EQ(full.id, fast->id);

  const auto cleared =
      parse_fast_paint(R"( { "cells" : [ ] , "clear" : true , "type" : "paint" } )");
  ASSERT_TRUE(cleared);
  EXPECT_TRUE(cleared->message.clear && cleared->message.cells.empty() && cleared->id.empty());
}

TEST(fast_paint, reads_a_full_paint_of_128_cells) {
  std::string many = R"({"type":"paint","cells":[)";
  for (int i = 0; i < 128; ++i) {
    many += std::string(i > 0 ? "," : "") + R"({"x":)" + std::to_string(i % 60) +
            R"(,"y":3,"colour":"grey","text":"t)" + std::to_string(i % 10) + "\"}";
  }
  many += "]}";
  const auto fast = parse_fast_paint(many);
  ASSERT_TRUE(fast) << many;
  EXPECT_EQ(fast->message.cells.size(), 128U);
  EXPECT_EQ(fast->message.cells[127], (paint_mark{7, 3, "grey", "t7"}));
}

TEST(fast_paint, leaves_everything_else_to_the_full_parser) {
  std::string many = R"({"type":"paint","cells":[)";
  for (int i = 0; i < 129; ++i)
    many += std::string(i > 0 ? "," : "") + R"({"x":0,"y":0})";
  many += "]}";
  for (const std::string& text :
       {std::string(""),
        std::string(R"({"type":"paint"})"),
        std::string(R"({"type":"paint","cells":[]})"),
        std::string(R"({"type":"paint","cells":null})"),
        std::string(R"({"type":"paint","clear":1,"cells":[{"x":0,"y":0}]})"),
        std::string(R"({"type":"paint","cells":[{"x":0}]})"),
        std::string(R"({"type":"paint","cells":[{"x":-1,"y":0}]})"),
        std::string(R"({"type":"paint","cells":[{"x":01,"y":0}]})"),
        std::string(R"({"type":"paint","cells":[{"x":"1","y":0}]})"),
        std::string(R"({"type":"paint","cells":[{"x":1234567890,"y":0}]})"),
        std::string(R"({"type":"paint","cells":[{"x":0,"y":0,"colour":"pink"}]})"),
        std::string(R"({"type":"paint","cells":[{"x":0,"y":0,"text":""}]})"),
        std::string(R"({"type":"paint","cells":[{"x":0,"y":0,"text":"five!"}]})"),
        std::string(R"({"type":"paint","cells":[{"x":0,"y":0,"text":"\u00e9"}]})"),
        std::string(R"({"type":"paint","cells":[{"x":0,"y":0,"x":1}]})"),
        std::string(R"({"type":"paint","cells":[{"x":0,"y":0,"n":[1]}]})"),
        std::string(R"({"type":"paint","cells":[{"x":0,"y":0}],"cells":[]})"),
        std::string(R"({"type":"paint","cells":[{"x":0,"y":0}],"id":{"a":1}})"),
        std::string(R"({"type":"paint","cells":[{"x":0,"y":0}]} x)"),
        std::string(R"({"type":"move","dir":"N"})"),
        std::string(R"({"type":"paint","cells":[{"x":0,"y":0}],"log":"went N"})"),
        many}) {
    EXPECT_FALSE(parse_fast_paint(text)) << text;
  }
}

}  // namespace
}  // namespace ariadne::protocol
