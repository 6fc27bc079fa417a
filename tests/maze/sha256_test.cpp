#include "core/maze/sha256.hpp"

#include <gtest/gtest.h>

#include <string>

#include "core/maze/format_error.hpp"
#include "core/maze/maze_spec.hpp"
#include "core/maze/walls_code.hpp"

namespace ariadne {
namespace {

// FIPS 180-4's examples, and both sides of the one- and two-block tail.
TEST(sha256, known_digests) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1'000'000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  EXPECT_EQ(sha256_hex(std::string(55, 'x')).size(), 64U);
  EXPECT_NE(sha256_hex(std::string(55, 'x')), sha256_hex(std::string(56, 'x')));
  EXPECT_NE(sha256_hex(std::string(63, 'x')), sha256_hex(std::string(64, 'x')));
}

TEST(walls_code, round_trips_and_names_a_maze) {
  const grid walls = generate(maze_spec{"prim", 13, 7, 5, 0.3});
  const std::string code = walls_code(walls);
  ASSERT_EQ(code.size(), 13U * 7U);
  EXPECT_EQ(grid_from_walls_code(13, 7, code), walls);
  EXPECT_EQ(walls_digest(walls), sha256_hex(code));
  EXPECT_NE(walls_digest(walls), walls_digest(generate(maze_spec{"prim", 13, 7, 6, 0.3})));
  for (grid::index i = 0; i < walls.cell_count(); ++i) {
    EXPECT_EQ(code[i], walls_digit(walls.open_mask(i)));
  }
}

TEST(walls_code, refuses_what_is_not_a_maze) {
  EXPECT_THROW(grid_from_walls_code(2, 2, "fff"), format_error);   // too short
  EXPECT_THROW(grid_from_walls_code(2, 2, "fffg"), format_error);  // not hex
  EXPECT_THROW(grid_from_walls_code(2, 2, "dfff"), format_error);  // open to the south edge
  // The first cell opens east, its neighbour keeps its west wall.
  EXPECT_THROW(grid_from_walls_code(2, 2, "bfff"), format_error);
  EXPECT_EQ(grid_from_walls_code(1, 1, "F"), grid(1, 1));
}

}  // namespace
}  // namespace ariadne
