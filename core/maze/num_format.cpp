#include "core/maze/num_format.hpp"

#include <array>
#include <charconv>
#include <string>
#include <vector>

#include "core/maze/format_error.hpp"
#include "core/maze/text_lines.hpp"

namespace ariadne {

namespace {

struct num_line {
  int line_no;
  std::array<std::int64_t, 6> fields;  // x, y, north, east, south, west
};

num_line parse_line(std::string_view line, int line_no) {
  num_line parsed{line_no, {}};
  std::size_t at = 0;
  for (std::size_t f = 0; f < 6; ++f) {
    while (at < line.size() && (line[at] == ' ' || line[at] == '\t'))
      ++at;
    if (at == line.size()) {
      throw format_error(line_no, static_cast<int>(at) + 1,
                         "expected 6 numbers \"X Y N E S W\", found " + std::to_string(f));
    }
    const char* begin = line.data() + at;
    const char* end = line.data() + line.size();
    auto [next, ec] = std::from_chars(begin, end, parsed.fields[f]);
    if (ec != std::errc() || (next != end && *next != ' ' && *next != '\t')) {
      throw format_error(line_no, static_cast<int>(at) + 1, "expected a whole number");
    }
    if (f >= 2 && parsed.fields[f] != 0 && parsed.fields[f] != 1) {
      throw format_error(line_no, static_cast<int>(at) + 1, "a wall flag must be 0 or 1");
    }
    at = static_cast<std::size_t>(next - line.data());
  }
  while (at < line.size() && (line[at] == ' ' || line[at] == '\t'))
    ++at;
  if (at != line.size()) {
    throw format_error(line_no, static_cast<int>(at) + 1, "unexpected text after 6 numbers");
  }
  return parsed;
}

}  // namespace

maze_layout read_num(std::string_view text) {
  std::vector<num_line> cells;
  int line_no = 0;
  std::int64_t max_x = -1;
  std::int64_t max_y = -1;
  for (const std::string_view line : split_lines(text)) {
    ++line_no;
    if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
    num_line parsed = parse_line(line, line_no);
    const auto x = parsed.fields[0];
    const auto y = parsed.fields[1];
    if (x < 0 || y < 0 || x >= grid::max_side || y >= grid::max_side) {
      throw format_error(line_no, 1,
                         "cell (" + std::to_string(x) + ", " + std::to_string(y) +
                             ") is outside 0.." + std::to_string(grid::max_side - 1));
    }
    max_x = std::max(max_x, x);
    max_y = std::max(max_y, y);
    cells.push_back(parsed);
  }
  if (cells.empty()) throw format_error(0, 0, "empty maze file");
  const auto width = static_cast<std::int32_t>(max_x + 1);
  const auto height = static_cast<std::int32_t>(max_y + 1);
  if (cells.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height)) {
    throw format_error(0, 0,
                       "a " + std::to_string(width) + "x" + std::to_string(height) +
                           " maze needs " + std::to_string(width * height) + " cell lines, got " +
                           std::to_string(cells.size()));
  }
  maze_layout layout{grid(width, height), std::nullopt, {}};
  grid& g = layout.walls;
  std::vector<int> seen_at(g.cell_count(), 0);
  for (const num_line& c : cells) {
    const cell here{static_cast<std::int32_t>(c.fields[0]), static_cast<std::int32_t>(c.fields[1])};
    const auto i = g.index_of(here);
    if (seen_at[i] != 0) {
      throw format_error(c.line_no, 1,
                         "cell (" + std::to_string(here.x) + ", " + std::to_string(here.y) +
                             ") is given again (first on line " + std::to_string(seen_at[i]) + ")");
    }
    seen_at[i] = c.line_no;
    for (const direction d : all_directions) {
      const bool open = c.fields[2 + static_cast<std::size_t>(d)] == 0;
      if (!g.is_interior(i, d)) {
        if (open) {
          throw format_error(c.line_no, 0,
                             std::string("the outer boundary must be closed: side ") + to_char(d) +
                                 " of (" + std::to_string(here.x) + ", " + std::to_string(here.y) +
                                 ") is 0");
        }
        continue;
      }
      // Each interior side is listed twice; the cell listed second must agree.
      if (d == direction::north || d == direction::east) {
        if (open) g.set_open(i, d, true);
      }
    }
  }
  for (const num_line& c : cells) {
    const cell here{static_cast<std::int32_t>(c.fields[0]), static_cast<std::int32_t>(c.fields[1])};
    for (const direction d : {direction::south, direction::west}) {
      const auto i = g.index_of(here);
      if (!g.is_interior(i, d)) continue;
      const bool open = c.fields[2 + static_cast<std::size_t>(d)] == 0;
      if (open != g.is_open(i, d)) {
        const cell other = step(here, d);
        throw format_error(c.line_no, 0,
                           std::string("side ") + to_char(d) + " of (" + std::to_string(here.x) +
                               ", " + std::to_string(here.y) + ") disagrees with side " +
                               to_char(opposite(d)) + " of (" + std::to_string(other.x) + ", " +
                               std::to_string(other.y) + ") on line " +
                               std::to_string(seen_at[g.index_of(other)]));
      }
    }
  }
  return layout;
}

std::string write_num(const grid& g) {
  std::string out;
  for (std::int32_t x = 0; x < g.width(); ++x) {
    for (std::int32_t y = 0; y < g.height(); ++y) {
      const cell c{x, y};
      out += std::to_string(x);
      out += ' ';
      out += std::to_string(y);
      for (const direction d : all_directions) {
        out += g.is_open(c, d) ? " 0" : " 1";
      }
      out += '\n';
    }
  }
  return out;
}

}  // namespace ariadne
