#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/maze/cell.hpp"

namespace ariadne::mcp {

// How much a drone walked in circles (the looping figure of agent
// benchmarks): the cells it stood on, the most visits of one cell, and the
// cells it stood on ten times or more.
struct visit_figures {
  std::uint64_t cells = 0;
  std::uint64_t most = 0;
  std::uint64_t ten_or_more = 0;
};

// What a drone has learned of its maze, as the adapter's memory tool shows
// it: each side of a cell open, walled or not known, and how often the drone
// stood on each cell. Only what the drone sensed: the cells it stood on (as
// their states said), and the passages it walked through. Pure: no drone,
// no JSON, rendered as ASCII. Memory follows the drone, not the maze: cells
// are kept in blocks of 16 x 16 (1.5 KiB), made when the drone first
// touches one, so a run in the largest maze costs what it explores.
class sensed_map {
 public:
  sensed_map(std::int32_t width, std::int32_t height);

  std::int32_t width() const { return width_; }
  std::int32_t height() const { return height_; }

  // The drone stands on c, whose open sides are `open` (bit k: direction k).
  void sense(cell c, unsigned open);
  // The drone arrived on c (its start, or a move): one more visit.
  void visit(cell c);
  // The drone walked from a to its neighbour b: that passage is open.
  void walked(cell a, cell b);

  std::uint64_t visits(cell c) const;
  const visit_figures& figures() const { return figures_; }

  // The map of the cells from low to high (corners, inclusive), north up,
  // with the drone at `drone`, row labels (y) on the left and column labels
  // (x) below. A cell is 4 characters wide: its west side and 3 inside.
  std::vector<std::string> render(cell drone, cell low, cell high) const;

  // The blocks made so far.
  std::size_t blocks() const { return blocks_.size(); }

 private:
  static constexpr std::int32_t block_side = 16;
  // What the drone knows of 16 x 16 cells.
  struct block {
    std::array<std::uint8_t, block_side * block_side> known{};  // bit k: side k known
    std::array<std::uint8_t, block_side * block_side> open{};   // bit k: side k open
    std::array<std::uint32_t, block_side * block_side> visits{};
  };
  static std::uint64_t block_key(cell c);
  static std::size_t slot(cell c);
  // The block of c (inside the maze), made if need be.
  block& block_of(cell c);
  // The block of c, or null when none was made.
  const block* find(cell c) const;
  bool inside(cell c) const { return within(c, width_, height_); }
  // Never stood on: fog (cells outside the maze are fog too).
  bool fog(cell c) const { return !inside(c) || visits(c) == 0; }
  void learn(cell c, direction d, bool open);
  // A side as drawn: horizontal ("---", "   ", "???", "###") or vertical.
  std::string side(cell c, direction d) const;
  char corner(std::int32_t x, std::int32_t y) const;
  std::string inside_text(cell c, cell drone) const;

  std::int32_t width_;
  std::int32_t height_;
  std::unordered_map<std::uint64_t, std::unique_ptr<block>> blocks_;
  visit_figures figures_;
};

// A count as 3 characters: " 7 ", "42 ", "512"; 999 for more.
std::string three_wide(std::uint64_t n);

}  // namespace ariadne::mcp
