#include "protocol/json_values.hpp"

#include "core/maze/format_error.hpp"
#include "core/maze/walls_code.hpp"
#include "protocol/raw_json.hpp"
#include "protocol/state_fields.hpp"

namespace ariadne::protocol::detail {

namespace {

// Builds the visited fields into a JSON object.
class tree_fields {
 public:
  explicit tree_fields(json& doc) : doc_(doc) {}

  template <typename Number>
  void number(const char* key, Number value) {
    doc_[key] = value;
  }
  void text(const char* key, std::string_view value) { doc_[key] = std::string(value); }
  void boolean(const char* key, bool value) { doc_[key] = value; }
  void position(const char* key, cell c) { doc_[key] = cell_json(c); }
  void directions(const char* key, unsigned open) {
    json letters = json::array();
    for (const direction d : all_directions) {
      if (opens(open, d)) letters.push_back(std::string(1, to_char(d)));
    }
    doc_[key] = std::move(letters);
  }
  void object(const char* key, const run_result& r) { doc_[key] = result_json(r); }
  void object(const char* key, const set_position& s) {
    json inner = json::object();
    tree_fields fields(inner);
    visit_set(s, fields);
    doc_[key] = std::move(inner);
  }

 private:
  json& doc_;
};

std::int32_t read_side(const json& doc, const char* key) {
  const json* value = field(doc, key);
  if (value == nullptr || !value->is_number_integer()) {
    reject(quoted(key) + " must be a whole number");
  }
  const auto side = value->get<std::int64_t>();
  if (side < 1 || side > grid::max_side) {
    reject(quoted(key) + " must be from 1 to " + std::to_string(grid::max_side) + ", got " +
           std::to_string(side));
  }
  return static_cast<std::int32_t>(side);
}

}  // namespace

json result_json(const run_result& result) {
  json doc = json::object();
  tree_fields fields(doc);
  visit_result(result, fields);
  return doc;
}

run_result read_result(const json& r) {
  if (!r.is_object()) reject("a result is an object");
  run_result info;
  const auto status = run_status_names.parse(string_field(r, "status"));
  if (!status || *status == run_status::active) reject("unknown result status");
  info.status = *status;
  info.steps = integer_field<std::uint64_t>(r, "steps");
  info.bumps = integer_field<std::uint64_t>(r, "bumps");
  info.score = integer_field<std::uint64_t>(r, "score");
  info.optimal = integer_field<std::uint64_t>(r, "optimal");
  info.efficiency = number_field(r, "efficiency");
  info.seed = optional_integer<std::uint64_t>(r, "seed");
  info.found = optional_integer<std::uint32_t>(r, "found").value_or(0);
  info.treasures = optional_integer<std::uint32_t>(r, "treasures").value_or(0);
  return info;
}

json state_json(const drone_state& state) {
  json doc = json::object();
  tree_fields fields(doc);
  visit_state(state, fields);
  return doc;
}

json maze_json(const maze_layout& layout) {
  const grid& g = layout.walls;
  json doc = {{"format", "ariadne-maze"},
              {"version", 1},
              {"width", g.width()},
              {"height", g.height()},
              {"walls", walls_code(g)}};
  if (layout.start) doc["start"] = cell_json(*layout.start);
  if (!layout.goals.empty()) {
    json goals = json::array();
    for (const cell c : layout.goals)
      goals.push_back(cell_json(c));
    doc["goals"] = std::move(goals);
  }
  return doc;
}

maze_layout read_maze(const json& doc) {
  if (!doc.is_object()) reject("a JSON maze is an object");
  if (doc.contains("format") && doc["format"] != "ariadne-maze") {
    reject("\"format\" must be \"ariadne-maze\"");
  }
  if (doc.contains("version") && doc["version"] != 1) {
    reject("only version 1 of the JSON maze format is known");
  }
  const std::int32_t width = read_side(doc, "width");
  const std::int32_t height = read_side(doc, "height");
  const json* walls = field(doc, "walls");
  if (walls == nullptr || !walls->is_string()) reject("\"walls\" must be a string of hex digits");
  grid cells = [&] {
    try {
      return grid_from_walls_code(width, height, walls->get_ref<const std::string&>());
    } catch (const format_error& e) {
      reject(e.what());
    }
  }();
  maze_layout layout{std::move(cells), std::nullopt, {}};
  if (const json* start = field(doc, "start"))
    layout.start = cell_field(*start, layout.walls, "start");
  if (doc.contains("goals")) {
    if (!doc["goals"].is_array()) reject("\"goals\" must be an array of cells");
    for (const json& goal : doc["goals"])
      layout.goals.push_back(cell_field(goal, layout.walls, "a goal"));
  }
  return layout;
}

std::variant<json, parse_error> read_envelope(std::string_view text, std::string& type,
                                              std::string& id) {
  // nlohmann stops reading at a NUL, and skips a leading byte-order mark:
  // neither is part of one JSON value, and the raw id must be found where
  // nlohmann found it.
  const bool plain = text.find('\0') == std::string_view::npos && !text.starts_with("\xEF\xBB\xBF");
  json doc = plain ? json::parse(text, nullptr, false) : json(json::value_t::discarded);
  if (doc.is_discarded()) return parse_error{errc::bad_json, "the message is not valid JSON", ""};
  if (!doc.is_object()) {
    return parse_error{errc::bad_request,
                       std::string("a message must be a JSON object, not ") + kind_of(doc), ""};
  }
  if (const auto it = doc.find("id"); it != doc.end()) {
    if (it->is_structured()) {
      return parse_error{errc::bad_request, "\"id\" must be a string, a number, a boolean or null",
                         ""};
    }
    // Echoed exactly as written: 1e2 stays 1e2, a long integer keeps its digits.
    id = std::string(raw_member(text, "id"));
  }
  const auto t = doc.find("type");
  if (t == doc.end() || !t->is_string()) {
    return parse_error{errc::bad_request, "a message needs a \"type\" string", id};
  }
  type = t->get<std::string>();
  return doc;
}

}  // namespace ariadne::protocol::detail
