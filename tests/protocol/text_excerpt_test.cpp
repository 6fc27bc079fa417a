#include "protocol/text_excerpt.hpp"

#include <gtest/gtest.h>

namespace ariadne::protocol {
namespace {

TEST(text_excerpt, shorten_cuts_between_characters_never_inside_one) {
  EXPECT_EQ(shorten("north", 5), "north");
  EXPECT_EQ(shorten("northeast", 5), "north...");
  // "é" is 2 bytes, "€" 3, "𝄞" 4: a cut inside one goes back to its start.
  EXPECT_EQ(shorten("ab\xc3\xa9", 3), "ab...");
  EXPECT_EQ(shorten("a\xe2\x82\xac\xe2\x82\xac", 3), "a...");
  EXPECT_EQ(shorten("a\xe2\x82\xac\xe2\x82\xac", 4), "a\xe2\x82\xac...");
  EXPECT_EQ(shorten("\xf0\x9d\x84\x9e\xf0\x9d\x84\x9e", 6), "\xf0\x9d\x84\x9e...");
}

TEST(text_excerpt, printable_excerpt_shows_what_would_mislead_as_question_marks) {
  EXPECT_EQ(printable_excerpt("run 6 is lost", 100), "run 6 is lost");
  // A line break, a terminal escape, a direction override, a zero width and
  // a byte that is no UTF-8: each one '?'; the letters around them stay.
  EXPECT_EQ(printable_excerpt("a\nb\x1b[2Jc\xe2\x80\xae"
                              "d\xe2\x80\x8b"
                              "e\xff"
                              "f",
                              100),
            "a?b?[2Jc?d?e?f");
  // A sequence broken after its first byte: that byte alone is '?'.
  EXPECT_EQ(printable_excerpt("x\xe2"
                              "A\xc3\xa9",
                              100),
            "x?A\xc3\xa9");
  EXPECT_EQ(printable_excerpt("caf\xc3\xa9 au lait", 5), "caf\xc3\xa9...");
  EXPECT_EQ(printable_excerpt(std::string(10000, 'x'), 300).size(), 303U);
}

}  // namespace
}  // namespace ariadne::protocol
