#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ariadne {

// A bot's paint (PROTOCOL.md, "paint"): marks it puts on cells to show what
// it believes. They never change the game: spectators and replays show
// them, nothing counts them.

// The colours a cell may be painted.
inline constexpr std::array<std::string_view, 8> paint_palette = {
    "red", "orange", "yellow", "green", "teal", "blue", "purple", "grey"};

// A mark on a cell: a colour of the palette and/or a text of up to four
// characters; with neither, the cell's mark is erased.
struct paint_mark {
  std::int32_t x = 0;
  std::int32_t y = 0;
  std::string colour;
  std::string text;

  friend bool operator==(const paint_mark&, const paint_mark&) = default;
};

// One paint as the run's spectators and replay see it: made after `at`
// move attempts, it erases every mark first when clear; `log`, a line of the
// bot's own log shown from then on (empty: none).
struct paint_event {
  std::uint64_t at = 0;
  bool clear = false;
  std::vector<paint_mark> cells;
  std::string log;

  friend bool operator==(const paint_event&, const paint_event&) = default;
};

}  // namespace ariadne
