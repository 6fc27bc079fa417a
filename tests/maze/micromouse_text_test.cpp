#include "core/maze/micromouse_text.hpp"

#include <gtest/gtest.h>

#include "core/maze/format_error.hpp"
#include "core/maze/generators.hpp"
#include "core/maze/loops.hpp"

namespace ariadne {
namespace {

// A 4 x 3 maze written by hand: the start in the south-west corner, two goal
// cells, and one cell (the north-east corner) walled off.
constexpr const char* hand_made =
    "o---o---o---o---o\n"
    "|       | G |   |\n"
    "o   o---o   o---o\n"
    "|   |     G     |\n"
    "o   o   o---o   o\n"
    "| S             |\n"
    "o---o---o---o---o\n";

TEST(micromouse_text, reads_walls_start_and_goals) {
  const maze_layout m = read_micromouse_text(hand_made);
  const grid& g = m.walls;
  ASSERT_EQ(g.width(), 4);
  ASSERT_EQ(g.height(), 3);
  EXPECT_EQ(m.start, (cell{0, 0}));
  EXPECT_EQ(m.goals, (std::vector<cell>{{2, 2}, {2, 1}}));
  // Row y = 0 (last cell line) is one corridor.
  for (std::int32_t x = 0; x < 3; ++x)
    EXPECT_TRUE(g.is_open(cell{x, 0}, direction::east));
  EXPECT_TRUE(g.is_open(cell{0, 0}, direction::north));
  EXPECT_TRUE(g.is_open(cell{1, 0}, direction::north));
  EXPECT_FALSE(g.is_open(cell{2, 0}, direction::north));
  EXPECT_FALSE(g.is_open(cell{0, 1}, direction::east));
  EXPECT_TRUE(g.is_open(cell{2, 1}, direction::north));
  // The north-east corner is closed on every side.
  EXPECT_EQ(g.open_mask(g.index_of(cell{3, 2})), 0U);
}

TEST(micromouse_text, writing_what_was_read_gives_the_same_text) {
  EXPECT_EQ(write_micromouse_text(read_micromouse_text(hand_made)), hand_made);
}

TEST(micromouse_text, accepts_crlf_and_a_missing_final_newline) {
  std::string crlf;
  for (const char c : std::string(hand_made)) {
    if (c == '\n') crlf += '\r';
    crlf += c;
  }
  EXPECT_EQ(read_micromouse_text(crlf), read_micromouse_text(hand_made));
  std::string bare = hand_made;
  bare.pop_back();
  EXPECT_EQ(write_micromouse_text(read_micromouse_text(bare)), hand_made);
}

TEST(micromouse_text, generated_mazes_round_trip) {
  for (const auto& info : all_generators()) {
    rng r(21);
    maze_layout m{info.make(13, 8, r), cell{0, 0}, {cell{6, 4}}};
    add_loops(m.walls, 0.3, r);
    const std::string text = write_micromouse_text(m);
    EXPECT_EQ(read_micromouse_text(text), m) << info.name;
    EXPECT_EQ(write_micromouse_text(read_micromouse_text(text)), text) << info.name;
  }
}

// The line and column a malformed text is rejected at.
std::pair<int, int> where(const std::string& text) {
  try {
    read_micromouse_text(text);
  } catch (const format_error& e) {
    return {e.line(), e.column()};
  }
  return {-1, -1};
}

TEST(micromouse_text, rejects_malformed_input_naming_line_and_column) {
  const std::string good = hand_made;
  auto with = [&](std::size_t line, std::size_t column, const std::string& text) {
    std::string changed = good;
    changed.replace(line * 18 + column, text.size(), text);
    return changed;
  };
  EXPECT_EQ(where(with(2, 8, "+")), std::make_pair(3, 9));              // a post must be 'o'
  EXPECT_EQ(where(with(2, 2, "-")), std::make_pair(3, 3));              // " - " is half a wall
  EXPECT_EQ(where(with(0, 1, "   ")), std::make_pair(1, 2));            // open north boundary
  EXPECT_EQ(where(with(3, 0, " ")), std::make_pair(4, 1));              // open west boundary
  EXPECT_EQ(where(with(3, 8, "X")), std::make_pair(4, 9));              // a wall is '|' or a space
  EXPECT_EQ(where(with(3, 7, "X")), std::make_pair(4, 8));              // inside a cell
  EXPECT_EQ(where(with(1, 1, "G")), std::make_pair(2, 2));              // a mark off centre
  EXPECT_EQ(where(with(5, 6, "S")), std::make_pair(6, 7));              // a second start
  EXPECT_EQ(where(with(3, 6, "Q")), std::make_pair(4, 7));              // an unknown mark
  EXPECT_EQ(where(good.substr(0, 18 * 6)), std::make_pair(6, 0));       // even line count
  EXPECT_EQ(where("o---o--\n|   |\no---o\n"), std::make_pair(1, 0));    // bad width
  EXPECT_EQ(where("o---o\n|   |\no---o---o\n"), std::make_pair(3, 6));  // long line
  EXPECT_EQ(where("o---o\n|   \no---o\n"), std::make_pair(2, 5));       // short line
  EXPECT_EQ(where(""), std::make_pair(0, 0));
  try {
    read_micromouse_text(with(2, 8, "+"));
    FAIL();
  } catch (const format_error& e) {
    EXPECT_STREQ(e.what(), "line 3, column 9: expected a post 'o', found '+'");
  }
}

}  // namespace
}  // namespace ariadne
