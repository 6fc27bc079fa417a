#include "server/net/log_text.hpp"

#include <gtest/gtest.h>

namespace ariadne {
namespace {

TEST(log_text, no_client_text_can_break_a_log_line) {
  EXPECT_EQ(log_text("plain name-1"), "plain name-1");
  EXPECT_EQ(log_text("forged\n2026-11-29 info admin logged in"),
            "forged\\x0a2026-11-29 info admin logged in");
  EXPECT_EQ(log_text("\x1b[31mred\r"), "\\x1b[31mred\\x0d");
  EXPECT_EQ(log_text("back\\slash"), "back\\\\slash");
  EXPECT_EQ(log_text("caf\xc3\xa9"), "caf\\xc3\\xa9");
}

}  // namespace
}  // namespace ariadne
