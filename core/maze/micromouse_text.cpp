#include "core/maze/micromouse_text.hpp"

#include <string>

#include "core/maze/format_error.hpp"
#include "core/maze/text_lines.hpp"

namespace ariadne {

namespace {

std::string quote(char c) {
  if (c == '\t') return "a tab";
  if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) {
    return "byte " + std::to_string(static_cast<unsigned>(static_cast<unsigned char>(c)));
  }
  return std::string("'") + c + "'";
}

}  // namespace

maze_layout read_micromouse_text(std::string_view text) {
  auto lines = split_lines(text);
  // Trailing blank lines are tolerated (editors add them).
  while (!lines.empty() && lines.back().find_first_not_of(' ') == std::string_view::npos) {
    lines.pop_back();
  }
  if (lines.empty()) throw format_error(0, 0, "empty maze file");
  const std::size_t length = lines.front().size();
  if (length < 5 || (length - 1) % 4 != 0) {
    throw format_error(
        1, 0,
        "the north edge must be 4W + 1 characters long (W >= 1), got " + std::to_string(length));
  }
  if (lines.size() < 3 || lines.size() % 2 == 0) {
    throw format_error(static_cast<int>(lines.size()), 0,
                       "a maze has 2H + 1 lines (H >= 1), got " + std::to_string(lines.size()));
  }
  const auto width = static_cast<std::int32_t>((length - 1) / 4);
  const auto height = static_cast<std::int32_t>((lines.size() - 1) / 2);
  if (width > grid::max_side || height > grid::max_side) {
    throw format_error(0, 0,
                       "maze " + std::to_string(width) + "x" + std::to_string(height) +
                           " is larger than " + std::to_string(grid::max_side) + " a side");
  }
  maze_layout layout{grid(width, height), std::nullopt, {}};
  grid& g = layout.walls;
  for (std::size_t l = 0; l < lines.size(); ++l) {
    const std::string_view line = lines[l];
    const int line_no = static_cast<int>(l) + 1;
    if (line.size() < length) {
      throw format_error(line_no, static_cast<int>(line.size()) + 1,
                         "the line ends early: expected " + std::to_string(length) +
                             " characters like the first line, got " + std::to_string(line.size()));
    }
    if (line.size() > length) {
      throw format_error(
          line_no, static_cast<int>(length) + 1,
          "the line is longer than the first line (" + std::to_string(length) + " characters)");
    }
    auto fail = [&](std::size_t column, const std::string& what) {
      throw format_error(line_no, static_cast<int>(column) + 1,
                         what + ", found " + quote(line[column]));
    };
    const auto k = static_cast<std::int32_t>(l / 2);
    if (l % 2 == 0) {
      // Post line k: the north side of row height - 1 - k.
      const bool boundary = k == 0 || k == height;
      for (std::int32_t x = 0; x <= width; ++x) {
        const auto at = static_cast<std::size_t>(4 * x);
        if (line[at] != 'o') fail(at, "expected a post 'o'");
        if (x == width) break;
        const std::string_view between = line.substr(at + 1, 3);
        if (between == "---") continue;
        if (between != "   ") {
          const std::size_t bad = between.find_first_not_of(between[0] == '-' ? '-' : ' ');
          fail(at + 1 + (bad == std::string_view::npos ? 0 : bad),
               "expected \"---\" or three spaces");
        }
        if (boundary) fail(at + 1, "the outer boundary must be closed (\"---\")");
        g.set_open(cell{x, height - 1 - k}, direction::north, true);
      }
    } else {
      // Cell line k: row height - 1 - k.
      const std::int32_t y = height - 1 - k;
      for (std::int32_t x = 0; x <= width; ++x) {
        const auto at = static_cast<std::size_t>(4 * x);
        const bool boundary = x == 0 || x == width;
        if (line[at] == ' ') {
          if (boundary) fail(at, "the outer boundary must be closed ('|')");
          g.set_open(cell{x - 1, y}, direction::east, true);
        } else if (line[at] != '|') {
          fail(at, "expected a wall '|' or a space");
        }
        if (x == width) break;
        if (line[at + 1] != ' ') fail(at + 1, "expected a space inside a cell");
        if (line[at + 3] != ' ') fail(at + 3, "expected a space inside a cell");
        const char mark = line[at + 2];
        if (mark == 'S') {
          if (layout.start) fail(at + 2, "a second start cell");
          layout.start = cell{x, y};
        } else if (mark == 'G') {
          layout.goals.push_back(cell{x, y});
        } else if (mark != ' ') {
          fail(at + 2, "expected 'S', 'G' or a space at a cell's centre");
        }
      }
    }
  }
  return layout;
}

std::string write_micromouse_text(const maze_layout& layout) {
  const grid& g = layout.walls;
  const std::int32_t width = g.width();
  const std::int32_t height = g.height();
  std::string out;
  out.reserve(static_cast<std::size_t>(2 * height + 1) * static_cast<std::size_t>(4 * width + 2));
  auto is_goal = [&](cell c) {
    for (const cell goal : layout.goals) {
      if (goal == c) return true;
    }
    return false;
  };
  for (std::int32_t y = height - 1; y >= -1; --y) {
    // The post line on the north side of row y (for y = -1, the south edge).
    for (std::int32_t x = 0; x < width; ++x) {
      out += 'o';
      out += g.is_open(cell{x, y}, direction::north) ? "   " : "---";
    }
    out += "o\n";
    if (y < 0) break;
    for (std::int32_t x = 0; x < width; ++x) {
      out += g.is_open(cell{x, y}, direction::west) ? ' ' : '|';
      const cell c{x, y};
      out += ' ';
      out += layout.start == c ? 'S' : is_goal(c) ? 'G' : ' ';
      out += ' ';
    }
    out += "|\n";
  }
  return out;
}

}  // namespace ariadne
