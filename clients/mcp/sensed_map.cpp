#include "clients/mcp/sensed_map.hpp"

#include <algorithm>

namespace ariadne::mcp {

namespace {

std::uint8_t bit(direction d) {
  return static_cast<std::uint8_t>(1U << static_cast<unsigned>(d));
}

}  // namespace

std::string three_wide(std::uint64_t n) {
  if (n > 999) n = 999;
  std::string text = std::to_string(n);
  if (text.size() == 1) return " " + text + " ";
  if (text.size() == 2) return text + " ";
  return text;
}

sensed_map::sensed_map(std::int32_t width, std::int32_t height) : width_(width), height_(height) {}

std::uint64_t sensed_map::block_key(cell c) {
  return (static_cast<std::uint64_t>(c.y / block_side) << 32U) |
         static_cast<std::uint64_t>(c.x / block_side);
}

std::size_t sensed_map::slot(cell c) {
  return static_cast<std::size_t>((c.y % block_side) * block_side + c.x % block_side);
}

sensed_map::block& sensed_map::block_of(cell c) {
  auto& made = blocks_[block_key(c)];
  if (!made) made = std::make_unique<block>();
  return *made;
}

const sensed_map::block* sensed_map::find(cell c) const {
  const auto at = blocks_.find(block_key(c));
  return at == blocks_.end() ? nullptr : at->second.get();
}

std::uint64_t sensed_map::visits(cell c) const {
  const block* b = inside(c) ? find(c) : nullptr;
  return b == nullptr ? 0 : b->visits[slot(c)];
}

void sensed_map::learn(cell c, direction d, bool open) {
  // A side belongs to both cells it separates.
  for (const auto& [at, side] : {std::pair{c, d}, std::pair{step(c, d), opposite(d)}}) {
    if (!inside(at)) continue;
    block& b = block_of(at);
    b.known[slot(at)] |= bit(side);
    if (open) {
      b.open[slot(at)] |= bit(side);
    } else {
      b.open[slot(at)] &= static_cast<std::uint8_t>(~bit(side));
    }
  }
}

void sensed_map::sense(cell c, unsigned open) {
  if (!inside(c)) return;
  for (const direction d : all_directions)
    learn(c, d, opens(open, d));
}

void sensed_map::visit(cell c) {
  if (!inside(c)) return;
  const std::uint64_t n = ++block_of(c).visits[slot(c)];
  if (n == 1) ++figures_.cells;
  if (n == 10) ++figures_.ten_or_more;
  figures_.most = std::max(figures_.most, n);
}

void sensed_map::walked(cell a, cell b) {
  for (const direction d : all_directions) {
    if (step(a, d) == b) learn(a, d, true);
  }
}

std::string sensed_map::side(cell c, direction d) const {
  const bool horizontal = d == direction::north || d == direction::south;
  const auto drawn = [horizontal](char mark) { return std::string(horizontal ? 3 : 1, mark); };
  const cell beyond = step(c, d);
  if (fog(c) && fog(beyond)) return drawn('#');
  if (!inside(beyond)) return drawn(horizontal ? '-' : '|');  // the boundary is always walled
  const block* b = find(c);
  if (b == nullptr || (b->known[slot(c)] & bit(d)) == 0) return drawn('?');
  if ((b->open[slot(c)] & bit(d)) != 0) return drawn(' ');
  return drawn(horizontal ? '-' : '|');
}

char sensed_map::corner(std::int32_t x, std::int32_t y) const {
  // The corner at the south-west of cell (x, y): fog when every cell around it is.
  const bool all_fog = fog({x - 1, y - 1}) && fog({x, y - 1}) && fog({x - 1, y}) && fog({x, y});
  return all_fog ? '#' : '+';
}

std::string sensed_map::inside_text(cell c, cell drone) const {
  if (c == drone) return " @ ";
  if (fog(c)) return "###";
  return three_wide(visits(c));
}

std::vector<std::string> sensed_map::render(cell drone, cell low, cell high) const {
  const std::size_t label = std::to_string(high.y).size();
  const std::string margin(label + 1, ' ');
  std::vector<std::string> rows;
  // The line of corners and horizontal sides along the north of row y.
  const auto border = [&](std::int32_t y, direction d) {
    std::string line = margin;
    const std::int32_t corner_y = d == direction::north ? y + 1 : y;
    for (std::int32_t x = low.x; x <= high.x; ++x) {
      line += corner(x, corner_y);
      line += side({x, y}, d);
    }
    line += corner(high.x + 1, corner_y);
    return line;
  };
  for (std::int32_t y = high.y; y >= low.y; --y) {
    rows.push_back(border(y, direction::north));
    std::string line = std::string(label - std::to_string(y).size(), ' ') + std::to_string(y) + " ";
    for (std::int32_t x = low.x; x <= high.x; ++x) {
      line += side({x, y}, direction::west);
      line += inside_text({x, y}, drone);
    }
    line += side({high.x, y}, direction::east);
    rows.push_back(line);
  }
  rows.push_back(border(low.y, direction::south));
  std::string labels = margin;
  // Past 999 a column shows its last three digits.
  for (std::int32_t x = low.x; x <= high.x; ++x) {
    const std::string digits = std::to_string(x);
    labels += " " + (x < 1000 ? three_wide(static_cast<std::uint64_t>(x))
                              : digits.substr(digits.size() - 3));
  }
  rows.push_back(labels);
  return rows;
}

}  // namespace ariadne::mcp
