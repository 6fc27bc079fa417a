#include "core/maze/svg.hpp"

#include <gtest/gtest.h>

#include "core/maze/generators.hpp"
#include "core/maze/solver.hpp"

namespace ariadne {
namespace {

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    ++n;
  return n;
}

TEST(svg, closed_single_cell_is_a_square_of_four_segments) {
  const std::string svg =
      write_svg(maze_layout{grid(1, 1), std::nullopt, {}}, svg_options{10, {}, {}});
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"20\"", 0),
            0U);
  // South edge, north edge, west edge, east edge.
  EXPECT_NE(svg.find("d=\"M5 15H15M5 5H15M5 5V15M15 5V15\""), std::string::npos) << svg;
  EXPECT_EQ(count(svg, "<polyline"), 0U);
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
}

TEST(svg, draws_marks_visited_cells_and_the_path) {
  rng r(2);
  const grid g = generators::prim(8, 8, r);
  const auto route = shortest_path(g, cell{0, 0}, cell{7, 7});
  ASSERT_TRUE(route);
  svg_options options;
  options.path = cells_along(cell{0, 0}, *route);
  options.visited = {{1, 1}, {2, 2}, {3, 3}};
  const std::string svg = write_svg(maze_layout{g, cell{0, 0}, {cell{7, 7}}}, options);
  EXPECT_EQ(count(svg, "#cfe3ff"), 3U);
  EXPECT_EQ(count(svg, "#9be29b"), 1U);
  EXPECT_EQ(count(svg, "#ffd24d"), 1U);
  EXPECT_EQ(count(svg, "<polyline"), 1U);
  // The path starts at the centre of (0, 0), the bottom-left cell.
  EXPECT_NE(svg.find("points=\"16,128 "), std::string::npos);
}

}  // namespace
}  // namespace ariadne
