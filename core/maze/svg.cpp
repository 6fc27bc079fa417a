#include "core/maze/svg.hpp"

#include <string>

namespace ariadne {

namespace {

void append_rect(std::string& out, int x, int y, int size, const char* fill) {
  out += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" +
         std::to_string(size) + "\" height=\"" + std::to_string(size) + "\" fill=\"" + fill +
         "\"/>\n";
}

}  // namespace

std::string write_svg(const maze_layout& layout, const svg_options& options) {
  const grid& g = layout.walls;
  const int s = options.cell_size < 2 ? 2 : options.cell_size;
  const int margin = s / 2;
  const int width = g.width() * s + 2 * margin;
  const int height = g.height() * s + 2 * margin;
  // Picture coordinates of a cell's top-left corner (north is up).
  auto left = [&](std::int32_t x) { return margin + x * s; };
  auto top = [&](std::int32_t y) { return margin + (g.height() - 1 - y) * s; };

  std::string out;
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) +
         "\" height=\"" + std::to_string(height) + "\" viewBox=\"0 0 " + std::to_string(width) +
         " " + std::to_string(height) + "\">\n";
  out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  for (const cell c : options.visited) {
    if (g.contains(c)) append_rect(out, left(c.x), top(c.y), s, "#cfe3ff");
  }
  if (layout.start && g.contains(*layout.start)) {
    append_rect(out, left(layout.start->x), top(layout.start->y), s, "#9be29b");
  }
  for (const cell c : layout.goals) {
    if (g.contains(c)) append_rect(out, left(c.x), top(c.y), s, "#ffd24d");
  }

  // Walls as one path; runs of closed sides along a line become one segment.
  out += "<path fill=\"none\" stroke=\"#1b1b1b\" stroke-width=\"" + std::to_string(s > 8 ? 2 : 1) +
         "\" stroke-linecap=\"square\" d=\"";
  for (std::int32_t y = -1; y < g.height(); ++y) {
    // The line on the north side of row y (y = -1: the south edge).
    std::int32_t run = -1;
    for (std::int32_t x = 0; x <= g.width(); ++x) {
      const bool wall = x < g.width() && !g.is_open(cell{x, y}, direction::north);
      if (wall && run < 0) run = x;
      if (!wall && run >= 0) {
        const int py = margin + (g.height() - 1 - y) * s;
        out += "M" + std::to_string(left(run)) + " " + std::to_string(py) + "H" +
               std::to_string(left(x));
        run = -1;
      }
    }
  }
  for (std::int32_t x = -1; x < g.width(); ++x) {
    // The line on the east side of column x (x = -1: the west edge).
    std::int32_t run = -1;
    for (std::int32_t y = g.height() - 1; y >= -1; --y) {
      const bool wall = y >= 0 && !g.is_open(cell{x, y}, direction::east);
      if (wall && run < 0) run = y;
      if (!wall && run >= 0) {
        const int px = margin + (x + 1) * s;
        out += "M" + std::to_string(px) + " " + std::to_string(top(run)) + "V" +
               std::to_string(top(y));
        run = -1;
      }
    }
  }
  out += "\"/>\n";

  if (options.path.size() > 1) {
    out += "<polyline fill=\"none\" stroke=\"#d62728\" stroke-width=\"" +
           std::to_string(s / 4 > 1 ? s / 4 : 1) +
           "\" stroke-linejoin=\"round\" stroke-linecap=\"round\" points=\"";
    for (const cell c : options.path) {
      out += std::to_string(left(c.x) + s / 2) + "," + std::to_string(top(c.y) + s / 2) + " ";
    }
    out += "\"/>\n";
  }
  out += "</svg>\n";
  return out;
}

}  // namespace ariadne
