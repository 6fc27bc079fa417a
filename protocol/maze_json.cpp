#include "protocol/maze_json.hpp"

#include <cctype>

#include <nlohmann/json.hpp>

#include "core/maze/format_error.hpp"

namespace ariadne {

namespace {

using json = nlohmann::json;

constexpr std::string_view hex_digits = "0123456789abcdef";

cell read_cell(const json& j, const std::string& what, const grid& g) {
  if (!j.is_object() || !j.contains("x") || !j.contains("y") || !j["x"].is_number_integer() ||
      !j["y"].is_number_integer()) {
    throw format_error(0, 0, what + " must be an object {\"x\": X, \"y\": Y} of whole numbers");
  }
  const auto x = j["x"].get<std::int64_t>();
  const auto y = j["y"].get<std::int64_t>();
  if (x < 0 || y < 0 || x >= g.width() || y >= g.height()) {
    throw format_error(
        0, 0, what + " (" + std::to_string(x) + ", " + std::to_string(y) + ") is outside the maze");
  }
  return {static_cast<std::int32_t>(x), static_cast<std::int32_t>(y)};
}

std::int32_t read_side(const json& doc, const char* key) {
  if (!doc.contains(key) || !doc[key].is_number_integer()) {
    throw format_error(0, 0, std::string("\"") + key + "\" must be a whole number");
  }
  const auto side = doc[key].get<std::int64_t>();
  if (side < 1 || side > grid::max_side) {
    throw format_error(0, 0,
                       std::string("\"") + key + "\" must be from 1 to " +
                           std::to_string(grid::max_side) + ", got " + std::to_string(side));
  }
  return static_cast<std::int32_t>(side);
}

}  // namespace

maze_layout read_maze_json(std::string_view text) {
  const json doc = json::parse(text, nullptr, false);
  if (doc.is_discarded()) throw format_error(0, 0, "not valid JSON");
  if (!doc.is_object()) throw format_error(0, 0, "a JSON maze is an object");
  if (doc.contains("format") && doc["format"] != "ariadne-maze") {
    throw format_error(0, 0, "\"format\" must be \"ariadne-maze\"");
  }
  if (doc.contains("version") && doc["version"] != 1) {
    throw format_error(0, 0, "only version 1 of the JSON maze format is known");
  }
  maze_layout layout{grid(read_side(doc, "width"), read_side(doc, "height")), std::nullopt, {}};
  grid& g = layout.walls;
  if (!doc.contains("walls") || !doc["walls"].is_string()) {
    throw format_error(0, 0, "\"walls\" must be a string of hex digits");
  }
  const auto& walls = doc["walls"].get_ref<const std::string&>();
  if (walls.size() != g.cell_count()) {
    throw format_error(0, 0,
                       "\"walls\" must have one hex digit per cell (" +
                           std::to_string(g.cell_count()) + "), got " +
                           std::to_string(walls.size()));
  }
  std::vector<std::uint8_t> masks(walls.size());
  for (std::size_t i = 0; i < walls.size(); ++i) {
    const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(walls[i])));
    const auto digit = hex_digits.find(c);
    if (digit == std::string_view::npos) {
      throw format_error(0, 0,
                         "\"walls\" character " + std::to_string(i + 1) + " is not a hex digit");
    }
    masks[i] = static_cast<std::uint8_t>(digit);
  }
  // Bit for direction d in a digit: north 8, east 4, south 2, west 1.
  auto wall_bit = [](direction d) { return 8U >> static_cast<unsigned>(d); };
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
  if (doc.contains("start") && !doc["start"].is_null())
    layout.start = read_cell(doc["start"], "start", g);
  if (doc.contains("goals")) {
    if (!doc["goals"].is_array()) throw format_error(0, 0, "\"goals\" must be an array of cells");
    for (const json& goal : doc["goals"])
      layout.goals.push_back(read_cell(goal, "a goal", g));
  }
  return layout;
}

std::string write_maze_json(const maze_layout& layout) {
  const grid& g = layout.walls;
  std::string walls(g.cell_count(), '0');
  for (grid::index i = 0; i < g.cell_count(); ++i) {
    // open_mask has bit k for open direction k; the digit wants 8 >> k for walls.
    const unsigned open = g.open_mask(i);
    unsigned digit = 0;
    for (unsigned k = 0; k < 4; ++k) {
      if ((open & (1U << k)) == 0) digit |= 8U >> k;
    }
    walls[i] = hex_digits[digit];
  }
  json doc = {{"format", "ariadne-maze"},
              {"version", 1},
              {"width", g.width()},
              {"height", g.height()},
              {"walls", walls}};
  if (layout.start) doc["start"] = {{"x", layout.start->x}, {"y", layout.start->y}};
  if (!layout.goals.empty()) {
    json goals = json::array();
    for (const cell c : layout.goals)
      goals.push_back({{"x", c.x}, {"y", c.y}});
    doc["goals"] = goals;
  }
  return doc.dump() + "\n";
}

}  // namespace ariadne
