#include "core/maze/walls_code.hpp"

#include <cctype>
#include <vector>

#include "core/maze/format_error.hpp"
#include "core/maze/sha256.hpp"

namespace ariadne {
namespace {

constexpr std::string_view hex_digits = "0123456789abcdef";

// The bit for a wall on side d in a digit: north 8, east 4, south 2, west 1.
unsigned wall_bit(direction d) {
  return 8U >> static_cast<unsigned>(d);
}

}  // namespace

char walls_digit(unsigned open_mask) {
  unsigned digit = 0;
  for (const direction d : all_directions) {
    if (!opens(open_mask, d)) digit |= wall_bit(d);
  }
  return hex_digits[digit];
}

std::string walls_code(const grid& walls) {
  std::string code(walls.cell_count(), '0');
  for (grid::index i = 0; i < walls.cell_count(); ++i)
    code[i] = walls_digit(walls.open_mask(i));
  return code;
}

grid grid_from_walls_code(std::int32_t width, std::int32_t height, std::string_view code) {
  grid g(width, height);
  if (code.size() != g.cell_count()) {
    throw format_error(0, 0,
                       "\"walls\" must have one hex digit per cell (" +
                           std::to_string(g.cell_count()) + "), got " +
                           std::to_string(code.size()));
  }
  std::vector<std::uint8_t> masks(code.size());
  for (std::size_t i = 0; i < code.size(); ++i) {
    const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(code[i])));
    const auto digit = hex_digits.find(c);
    if (digit == std::string_view::npos) {
      throw format_error(0, 0,
                         "\"walls\" character " + std::to_string(i + 1) + " is not a hex digit");
    }
    masks[i] = static_cast<std::uint8_t>(digit);
  }
  for (grid::index i = 0; i < g.cell_count(); ++i) {
    for (const direction d : all_directions) {
      const bool wall = (masks[i] & wall_bit(d)) != 0;
      const cell c = g.cell_at(i);
      if (!g.is_interior(i, d)) {
        if (!wall) {
          throw format_error(0, 0,
                             std::string("the outer boundary must be closed: side ") + to_char(d) +
                                 " of (" + std::to_string(c.x) + ", " + std::to_string(c.y) +
                                 ") is open");
        }
        continue;
      }
      const bool other_wall = (masks[g.neighbour(i, d)] & wall_bit(opposite(d))) != 0;
      if (wall != other_wall) {
        throw format_error(0, 0,
                           std::string("side ") + to_char(d) + " of (" + std::to_string(c.x) +
                               ", " + std::to_string(c.y) + ") disagrees with its neighbour");
      }
      if (!wall) g.set_open(i, d, true);
    }
  }
  return g;
}

std::string walls_digest(const grid& walls) {
  return sha256_hex(walls_code(walls));
}

}  // namespace ariadne
