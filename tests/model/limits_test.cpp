#include "core/model/limits.hpp"

#include <gtest/gtest.h>

namespace ariadne {
namespace {

TEST(limits, one_wording_for_every_range) {
  EXPECT_FALSE(check(limits::width, std::uint64_t{1}).has_value());
  EXPECT_FALSE(check(limits::width, std::uint64_t{8192}).has_value());
  const auto zero = check(limits::width, std::int64_t{0});
  ASSERT_TRUE(zero.has_value());
  EXPECT_EQ(zero->code, errc::invalid_maze);
  EXPECT_EQ(zero->message, "\"width\" must be from 1 to 8192, got 0");
  EXPECT_EQ(check(limits::height, std::int64_t{-5})->message,
            "\"height\" must be from 1 to 8192, got -5");
  const auto many = check(limits::treasures, std::uint64_t{5000});
  ASSERT_TRUE(many.has_value());
  EXPECT_EQ(many->code, errc::bad_request);
  EXPECT_EQ(many->message, "\"treasures\" must be from 1 to 1000, got 5000");
  EXPECT_EQ(check(limits::loops, 2.0)->message, "\"loops\" must be from 0 to 1, got 2");
  EXPECT_EQ(check(limits::loops, -0.25)->code, errc::invalid_maze);
  EXPECT_FALSE(check(limits::loops, 0.5).has_value());
  EXPECT_EQ(check(limits::player_name, "")->message, "\"name\" must be 1 to 64 characters long");
  EXPECT_EQ(check(limits::player_name, std::string(65, 'x'))->code, errc::bad_request);
  EXPECT_FALSE(check(limits::player_name, std::string(64, 'x')).has_value());
}

TEST(limits, names_are_printable_text_counted_in_characters) {
  const std::string printable = "\"name\" must be printable UTF-8 text, without control characters";
  for (const std::string& bad :
       {std::string("evil\nname"), std::string("\x1b[31mred"), std::string("tab\there"),
        std::string("del\x7f"), std::string("c1\xc2\x85"), std::string("bad\xff"),
        std::string("overlong\xc0\xaf"), std::string("cut\xe2\x82"),
        std::string("surrogate\xed\xa0\x80"), std::string("nul\0", 4)}) {
    const auto problem = check(limits::player_name, bad);
    ASSERT_TRUE(problem.has_value()) << bad;
    EXPECT_EQ(problem->code, errc::bad_request);
    EXPECT_EQ(problem->message, printable) << bad;
  }
  std::string accents;
  for (int i = 0; i < 64; ++i)
    accents += "\xc3\xa9";  // é: two bytes, one character
  EXPECT_FALSE(check(limits::player_name, accents).has_value());
  EXPECT_EQ(check(limits::player_name, accents + "\xc3\xa9")->message,
            "\"name\" must be 1 to 64 characters long");
  // U+2028 and U+2029 end lines in JavaScript and some CSV readers.
  EXPECT_FALSE(printable_length("a\xe2\x80\xa8"
                                "b")
                   .has_value());
  EXPECT_FALSE(printable_length("a\xe2\x80\xa9"
                                "b")
                   .has_value());
  EXPECT_EQ(printable_length("a\xe2\x80\xa7"
                             "b"),
            3U);  // U+2027, a hyphenation point, is fine
  EXPECT_EQ(printable_length("\xf0\x9f\x90\xad m\xc3\xbc"
                             "de"),
            6U);  // mouse, space, m, ü, d, e
}

// run_request keeps sizes in int32 and counts in uint32: the limits must fit.
static_assert(limits::width.max <= static_cast<std::uint64_t>(INT32_MAX));
static_assert(limits::height.max <= static_cast<std::uint64_t>(INT32_MAX));
static_assert(limits::treasures.max <= static_cast<std::uint64_t>(UINT32_MAX));
static_assert(limits::reuse_walls_removed.max <= static_cast<std::uint64_t>(UINT32_MAX));

TEST(limits, paths_and_seeds) {
  EXPECT_FALSE(check(limits::seed, std::uint64_t{UINT64_MAX}).has_value());
  EXPECT_FALSE(check_path_length(1).has_value());
  EXPECT_FALSE(check_path_length(4096).has_value());
  EXPECT_EQ(check_path_length(0)->message, "\"dirs\" must hold 1 to 4096 letters");
  EXPECT_EQ(check_path_length(4097)->code, errc::bad_request);
}

}  // namespace
}  // namespace ariadne
