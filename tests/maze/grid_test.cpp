#include "core/maze/grid.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace ariadne {
namespace {

TEST(grid, starts_with_every_wall_standing_and_boundary_closed) {
  const grid g(5, 3);
  EXPECT_EQ(g.cell_count(), 15U);
  EXPECT_EQ(g.passage_count(), 0U);
  EXPECT_EQ(g.interior_side_count(), 5U * 2U + 3U * 4U);
  for (grid::index i = 0; i < g.cell_count(); ++i)
    EXPECT_EQ(g.open_mask(i), 0U);
}

TEST(grid, opening_a_side_opens_it_from_both_cells) {
  grid g(4, 4);
  EXPECT_TRUE(g.set_open(cell{1, 1}, direction::north, true));
  EXPECT_TRUE(g.is_open(cell{1, 1}, direction::north));
  EXPECT_TRUE(g.is_open(cell{1, 2}, direction::south));
  EXPECT_TRUE(g.set_open(cell{2, 2}, direction::west, true));
  EXPECT_TRUE(g.is_open(cell{1, 2}, direction::east));
  EXPECT_EQ(g.passage_count(), 2U);
  EXPECT_TRUE(g.set_open(cell{1, 2}, direction::south, false));
  EXPECT_FALSE(g.is_open(cell{1, 1}, direction::north));
  EXPECT_EQ(g.passage_count(), 1U);
}

TEST(grid, boundary_cannot_be_opened) {
  grid g(3, 2);
  EXPECT_FALSE(g.set_open(cell{0, 0}, direction::west, true));
  EXPECT_FALSE(g.set_open(cell{0, 0}, direction::south, true));
  EXPECT_FALSE(g.set_open(cell{2, 1}, direction::east, true));
  EXPECT_FALSE(g.set_open(cell{2, 1}, direction::north, true));
  EXPECT_FALSE(g.set_open(cell{5, 5}, direction::north, true));
  g.open_all();
  EXPECT_EQ(g.passage_count(), g.interior_side_count());
  EXPECT_FALSE(g.is_open(cell{0, 0}, direction::west));
  EXPECT_FALSE(g.is_open(cell{2, 1}, direction::north));
  EXPECT_FALSE(g.is_open(cell{-1, 0}, direction::east));
}

TEST(grid, index_and_cell_agree) {
  const grid g(7, 5);
  for (grid::index i = 0; i < g.cell_count(); ++i)
    EXPECT_EQ(g.index_of(g.cell_at(i)), i);
  EXPECT_EQ(g.index_of(cell{0, 1}), 7U);
  EXPECT_EQ(g.neighbour(g.index_of(cell{3, 2}), direction::north), g.index_of(cell{3, 3}));
  EXPECT_EQ(g.neighbour(g.index_of(cell{3, 2}), direction::west), g.index_of(cell{2, 2}));
}

TEST(grid, rejects_sizes_out_of_range) {
  EXPECT_THROW(grid(0, 4), std::invalid_argument);
  EXPECT_THROW(grid(4, -1), std::invalid_argument);
  EXPECT_THROW(grid(grid::max_side + 1, 1), std::invalid_argument);
  EXPECT_NO_THROW(grid(1, 1));
}

TEST(grid, a_4096_square_fits_in_a_few_mib) {
  grid g(4096, 4096);
  g.open_all();
  EXPECT_LE(g.memory_bytes(), 4U * 1024U * 1024U + 64U);
  EXPECT_EQ(g.passage_count(), g.interior_side_count());
}

}  // namespace
}  // namespace ariadne
