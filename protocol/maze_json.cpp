#include "protocol/maze_json.hpp"

#include <nlohmann/json.hpp>

#include "core/maze/format_error.hpp"
#include "core/maze/walls_code.hpp"

namespace ariadne {

namespace {

using json = nlohmann::json;

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
  const std::int32_t width = read_side(doc, "width");
  const std::int32_t height = read_side(doc, "height");
  if (!doc.contains("walls") || !doc["walls"].is_string()) {
    throw format_error(0, 0, "\"walls\" must be a string of hex digits");
  }
  maze_layout layout{
      grid_from_walls_code(width, height, doc["walls"].get_ref<const std::string&>()),
      std::nullopt,
      {}};
  const grid& g = layout.walls;
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
  json doc = {{"format", "ariadne-maze"},
              {"version", 1},
              {"width", g.width()},
              {"height", g.height()},
              {"walls", walls_code(g)}};
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
