#include "core/game/maze_catalog.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "tests/support/temp_dir.hpp"

namespace ariadne {
namespace {

TEST(maze_catalog, loads_the_text_mazes_of_a_directory_by_stem) {
  const maze_catalog catalog = maze_catalog::load(ARIADNE_TEST_MAZES);
  ASSERT_NE(catalog.find("hedge5x5"), nullptr);
  EXPECT_EQ(catalog.find("hedge5x5")->walls.width(), 5);
  EXPECT_EQ(catalog.find("hedge5x5")->start, (cell{0, 0}));
  EXPECT_EQ(catalog.find("hedge5x5")->goals.size(), 1U);
  EXPECT_EQ(catalog.find("nope"), nullptr);
  EXPECT_EQ(catalog.names().front(), "hedge5x5");
}

TEST(maze_catalog, a_malformed_file_stops_startup_with_its_name) {
  const testing::temp_dir folder;
  const std::filesystem::path dir = folder.file("mazes");
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "bad.txt") << "o---o\n|   \no---o\n";
  std::ofstream(dir / "ignored.md") << "not a maze";
  try {
    maze_catalog::load(dir);
    FAIL() << "a malformed maze was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("bad.txt: line 2, column 5"), std::string::npos)
        << e.what();
  }
  std::filesystem::remove_all(dir);
  EXPECT_THROW(maze_catalog::load(dir), std::runtime_error);
}

}  // namespace
}  // namespace ariadne
