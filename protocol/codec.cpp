#include "protocol/codec.hpp"

#include <array>
#include <charconv>
#include <limits>

#include <nlohmann/json.hpp>

#include "server/maze/generators.hpp"
#include "server/maze/grid.hpp"

namespace ariadne::protocol {

namespace {

using json = nlohmann::json;

constexpr std::array<std::string_view, 11> error_names = {
    "bad_json",     "bad_request",  "unknown_type", "hello_required", "no_run",     "run_active",
    "invalid_maze", "unknown_maze", "too_large",    "rate_limited",   "server_busy"};

constexpr std::array<std::string_view, 4> status_names = {"found", "exhausted", "abandoned",
                                                          "timeout"};

// Raised by the field readers below and caught in the parse functions: it
// never leaves this file.
struct field_problem {
  error_code code;
  std::string message;
};

[[noreturn]] void reject(error_code code, std::string message) {
  throw field_problem{code, std::move(message)};
}

const char* kind_of(const json& value) {
  switch (value.type()) {
    case json::value_t::null:
      return "null";
    case json::value_t::boolean:
      return "a boolean";
    case json::value_t::string:
      return "a string";
    case json::value_t::array:
      return "an array";
    case json::value_t::object:
      return "an object";
    case json::value_t::number_float:
      return "a fraction";
    default:
      return "a number";
  }
}

const json* field(const json& object, const char* key) {
  const auto it = object.find(key);
  if (it == object.end() || it->is_null()) return nullptr;
  return &*it;
}

std::optional<std::uint64_t> read_unsigned(const json& object, const char* key, std::uint64_t min,
                                           std::uint64_t max,
                                           error_code range_code = error_code::bad_request) {
  const json* value = field(object, key);
  if (value == nullptr) return std::nullopt;
  const std::string range = " from " + std::to_string(min) + " to " + std::to_string(max);
  if (value->is_number_unsigned()) {
    const auto v = value->get<std::uint64_t>();
    if (v < min || v > max) {
      reject(range_code,
             "\"" + std::string(key) + "\" must be" + range + ", got " + std::to_string(v));
    }
    return v;
  }
  if (value->is_number_integer()) {
    reject(range_code, "\"" + std::string(key) + "\" must be" + range + ", got " +
                           std::to_string(value->get<std::int64_t>()));
  }
  reject(error_code::bad_request, "\"" + std::string(key) + "\" must be a whole number" + range +
                                      ", not " + kind_of(*value));
}

std::optional<std::string> read_string(const json& object, const char* key,
                                       std::size_t max_length) {
  const json* value = field(object, key);
  if (value == nullptr) return std::nullopt;
  if (!value->is_string()) {
    reject(error_code::bad_request,
           "\"" + std::string(key) + "\" must be a string, not " + kind_of(*value));
  }
  const auto& text = value->get_ref<const std::string&>();
  if (text.empty() || text.size() > max_length) {
    reject(error_code::bad_request, "\"" + std::string(key) + "\" must be 1 to " +
                                        std::to_string(max_length) + " characters long");
  }
  return text;
}

std::string shorten(std::string_view text, std::size_t max = 40) {
  if (text.size() <= max) return std::string(text);
  return std::string(text.substr(0, max)) + "...";
}

constexpr std::size_t max_path_length = 4096;

maze_request read_maze(const json& start) {
  maze_request maze;
  const json* value = field(start, "maze");
  if (value == nullptr) return maze;
  if (!value->is_object()) {
    reject(error_code::bad_request,
           std::string("\"maze\" must be an object, not ") + kind_of(*value));
  }
  const json& m = *value;
  maze.name = read_string(m, "name", 128);
  maze.generator = read_string(m, "generator", 64);
  if (maze.generator && find_generator(*maze.generator) == nullptr) {
    reject(error_code::invalid_maze,
           "unknown generator '" + shorten(*maze.generator) + "'; GET /api/generators lists them");
  }
  const auto side = static_cast<std::uint64_t>(grid::max_side);
  if (auto w = read_unsigned(m, "width", 1, side, error_code::invalid_maze)) {
    maze.width = static_cast<std::int32_t>(*w);
  }
  if (auto h = read_unsigned(m, "height", 1, side, error_code::invalid_maze)) {
    maze.height = static_cast<std::int32_t>(*h);
  }
  maze.seed = read_unsigned(m, "seed", 0, std::numeric_limits<std::uint64_t>::max());
  if (const json* loops = field(m, "loops")) {
    if (!loops->is_number()) {
      reject(error_code::bad_request,
             std::string("\"loops\" must be a number, not ") + kind_of(*loops));
    }
    const double v = loops->get<double>();
    if (!(v >= 0.0 && v <= 1.0)) reject(error_code::invalid_maze, "\"loops\" must be from 0 to 1");
    maze.loops = v;
  }
  if (maze.name && (maze.generator || maze.width || maze.height || maze.loops)) {
    reject(error_code::bad_request,
           "a maze is either a \"name\" or generator fields (generator, width, height, loops), not "
           "both");
  }
  return maze;
}

client_message read_client_body(std::string_view type, const json& doc) {
  if (type == "hello") {
    hello_message hello;
    if (auto name = read_string(doc, "name", 64)) hello.name = *name;
    return hello;
  }
  if (type == "start") {
    start_message start;
    start.maze = read_maze(doc);
    if (auto t = read_unsigned(doc, "treasures", 1, 1000))
      start.treasures = static_cast<std::uint32_t>(*t);
    start.max_steps = read_unsigned(doc, "max_steps", 1, 1'000'000'000'000ULL);
    if (auto r = read_unsigned(doc, "reuse_walls_removed", 0, 1'000'000)) {
      start.reuse_walls_removed = static_cast<std::uint32_t>(*r);
    }
    start.time_limit_ms = read_unsigned(doc, "time_limit_ms", 0, 86'400'000);
    return start;
  }
  if (type == "sense") return sense_message{};
  if (type == "abandon") return abandon_message{};
  if (type == "move") {
    const json* dir = field(doc, "dir");
    if (dir == nullptr || !dir->is_string() || dir->get_ref<const std::string&>().size() != 1 ||
        !direction_from_letter(dir->get_ref<const std::string&>()[0])) {
      reject(error_code::bad_request, "\"dir\" must be one of \"N\", \"E\", \"S\", \"W\"");
    }
    return move_message{*direction_from_letter(dir->get_ref<const std::string&>()[0])};
  }
  if (type == "path") {
    const json* dirs = field(doc, "dirs");
    if (dirs == nullptr || !dirs->is_string()) {
      reject(error_code::bad_request, "\"dirs\" must be a string of N, E, S, W letters");
    }
    const auto& letters = dirs->get_ref<const std::string&>();
    if (letters.empty() || letters.size() > max_path_length) {
      reject(error_code::bad_request,
             "\"dirs\" must hold 1 to " + std::to_string(max_path_length) + " letters");
    }
    path_message path;
    path.dirs.reserve(letters.size());
    for (std::size_t i = 0; i < letters.size(); ++i) {
      const auto d = direction_from_letter(letters[i]);
      if (!d) {
        reject(error_code::bad_request,
               "\"dirs\" letter " + std::to_string(i + 1) + " is not one of N, E, S, W");
      }
      path.dirs.push_back(*d);
    }
    return path;
  }
  reject(error_code::unknown_type, "unknown message type '" + shorten(type) +
                                       "'; expected hello, start, sense, move, path or abandon");
}

// Reads "type" and "id" common to every message; returns the document.
std::variant<json, parse_error> read_envelope(std::string_view text, std::string& type,
                                              std::string& id) {
  json doc = json::parse(text, nullptr, false);
  if (doc.is_discarded())
    return parse_error{error_code::bad_json, "the message is not valid JSON", ""};
  if (!doc.is_object()) {
    return parse_error{error_code::bad_request,
                       std::string("a message must be a JSON object, not ") + kind_of(doc), ""};
  }
  if (const auto it = doc.find("id"); it != doc.end()) {
    if (it->is_structured()) {
      return parse_error{error_code::bad_request,
                         "\"id\" must be a string, a number, a boolean or null", ""};
    }
    id = it->dump();
  }
  const auto t = doc.find("type");
  if (t == doc.end() || !t->is_string()) {
    return parse_error{error_code::bad_request, "a message needs a \"type\" string", id};
  }
  type = t->get<std::string>();
  return doc;
}

void append_json_string(std::string& out, std::string_view text) {
  out += '"';
  for (const char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          constexpr std::string_view hex = "0123456789abcdef";
          out += "\\u00";
          out += hex[static_cast<unsigned char>(c) >> 4U];
          out += hex[static_cast<unsigned char>(c) & 15U];
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

template <typename Number>
void append_number(std::string& out, Number value) {
  char buffer[32];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  out.append(buffer, end);
}

void append_key(std::string& out, std::string_view key) {
  out += ",\"";
  out += key;
  out += "\":";
}

result_info read_result(const json& r) {
  result_info info;
  const auto status = result_status_from_string(r.at("status").get<std::string>());
  if (!status) reject(error_code::bad_request, "unknown result status");
  info.status = *status;
  info.steps = r.at("steps").get<std::uint64_t>();
  info.bumps = r.at("bumps").get<std::uint64_t>();
  info.score = r.at("score").get<std::uint64_t>();
  info.optimal = r.at("optimal").get<std::uint64_t>();
  info.efficiency = r.at("efficiency").get<double>();
  info.seed = r.at("seed").get<std::uint64_t>();
  info.found = r.value("found", 0U);
  info.treasures = r.value("treasures", 0U);
  return info;
}

state_message read_state(const json& doc) {
  state_message s;
  s.run = doc.at("run").get<std::uint64_t>();
  s.position = cell{doc.at("position").at("x").get<std::int32_t>(),
                    doc.at("position").at("y").get<std::int32_t>()};
  for (const json& letter : doc.at("open")) {
    const auto& text = letter.get_ref<const std::string&>();
    const auto d = text.size() == 1 ? direction_from_letter(text[0]) : std::nullopt;
    if (!d) reject(error_code::bad_request, "\"open\" holds something other than N, E, S, W");
    s.open |= 1U << static_cast<unsigned>(*d);
  }
  s.treasure = doc.at("treasure").get<bool>();
  s.steps = doc.at("steps").get<std::uint64_t>();
  s.bumps = doc.at("bumps").get<std::uint64_t>();
  s.found = doc.at("found").get<std::uint32_t>();
  s.treasures = doc.value("treasures", 1U);
  if (doc.contains("moved")) s.moved = doc["moved"].get<bool>();
  if (doc.contains("done")) s.done = doc["done"].get<std::uint32_t>();
  if (doc.contains("width")) s.width = doc["width"].get<std::int32_t>();
  if (doc.contains("height")) s.height = doc["height"].get<std::int32_t>();
  if (doc.contains("seed")) s.seed = doc["seed"].get<std::uint64_t>();
  if (doc.contains("max_steps")) s.max_steps = doc["max_steps"].get<std::uint64_t>();
  if (doc.contains("maze")) s.maze = doc["maze"].get<std::string>();
  if (doc.contains("result")) s.result = read_result(doc["result"]);
  return s;
}

}  // namespace

std::string_view to_string(error_code code) {
  return error_names[static_cast<std::size_t>(code)];
}

std::optional<error_code> error_code_from_string(std::string_view text) {
  for (std::size_t i = 0; i < error_names.size(); ++i) {
    if (error_names[i] == text) return static_cast<error_code>(i);
  }
  return std::nullopt;
}

std::string_view to_string(result_status status) {
  return status_names[static_cast<std::size_t>(status)];
}

std::optional<result_status> result_status_from_string(std::string_view text) {
  for (std::size_t i = 0; i < status_names.size(); ++i) {
    if (status_names[i] == text) return static_cast<result_status>(i);
  }
  return std::nullopt;
}

std::variant<client_request, parse_error> parse_client_message(std::string_view text) {
  std::string type;
  std::string id;
  try {
    auto envelope = read_envelope(text, type, id);
    if (auto* problem = std::get_if<parse_error>(&envelope)) return std::move(*problem);
    return client_request{read_client_body(type, std::get<json>(envelope)), id};
  } catch (const field_problem& problem) {
    return parse_error{problem.code, problem.message, id};
  } catch (const std::exception& e) {
    // nlohmann conversions that slipped past a check, or allocation failure.
    return parse_error{error_code::bad_request,
                       std::string("the message could not be read: ") + e.what(), id};
  }
}

std::variant<server_reply, parse_error> parse_server_message(std::string_view text) {
  std::string type;
  std::string id;
  try {
    auto envelope = read_envelope(text, type, id);
    if (auto* problem = std::get_if<parse_error>(&envelope)) return std::move(*problem);
    const json& doc = std::get<json>(envelope);
    if (type == "welcome") {
      return server_reply{
          welcome_message{doc.at("protocol").get<int>(), doc.at("server").get<std::string>(),
                          doc.at("session").get<std::string>()},
          id};
    }
    if (type == "state") return server_reply{read_state(doc), id};
    if (type == "error") {
      const auto code = error_code_from_string(doc.at("code").get<std::string>());
      if (!code) return parse_error{error_code::bad_request, "unknown error code", id};
      return server_reply{error_message{*code, doc.at("message").get<std::string>()}, id};
    }
    return parse_error{error_code::unknown_type,
                       "unknown server message type '" + shorten(type) + "'", id};
  } catch (const field_problem& problem) {
    return parse_error{problem.code, problem.message, id};
  } catch (const std::exception& e) {
    return parse_error{error_code::bad_request,
                       std::string("malformed server message: ") + e.what(), id};
  }
}

std::string write_client_message(const client_message& message, std::string_view id) {
  json doc = json::object();
  std::visit(
      [&](const auto& m) {
        using T = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<T, hello_message>) {
          doc["type"] = "hello";
          doc["name"] = m.name;
        } else if constexpr (std::is_same_v<T, start_message>) {
          doc["type"] = "start";
          json maze = json::object();
          if (m.maze.name) maze["name"] = *m.maze.name;
          if (m.maze.generator) maze["generator"] = *m.maze.generator;
          if (m.maze.width) maze["width"] = *m.maze.width;
          if (m.maze.height) maze["height"] = *m.maze.height;
          if (m.maze.seed) maze["seed"] = *m.maze.seed;
          if (m.maze.loops) maze["loops"] = *m.maze.loops;
          doc["maze"] = maze;
          if (m.treasures) doc["treasures"] = *m.treasures;
          if (m.max_steps) doc["max_steps"] = *m.max_steps;
          if (m.reuse_walls_removed) doc["reuse_walls_removed"] = *m.reuse_walls_removed;
          if (m.time_limit_ms) doc["time_limit_ms"] = *m.time_limit_ms;
        } else if constexpr (std::is_same_v<T, sense_message>) {
          doc["type"] = "sense";
        } else if constexpr (std::is_same_v<T, move_message>) {
          doc["type"] = "move";
          doc["dir"] = std::string(1, to_char(m.dir));
        } else if constexpr (std::is_same_v<T, path_message>) {
          doc["type"] = "path";
          doc["dirs"] = path_letters(m.dirs);
        } else {
          doc["type"] = "abandon";
        }
      },
      message);
  if (!id.empty()) doc["id"] = json::parse(id, nullptr, false);
  return doc.dump();
}

void append_state(std::string& out, const state_message& s, std::string_view id) {
  out += "{\"type\":\"state\"";
  if (!id.empty()) {
    append_key(out, "id");
    out += id;
  }
  append_key(out, "run");
  append_number(out, s.run);
  out += ",\"position\":{\"x\":";
  append_number(out, s.position.x);
  out += ",\"y\":";
  append_number(out, s.position.y);
  out += "},\"open\":[";
  bool first = true;
  for (const direction d : all_directions) {
    if ((s.open & (1U << static_cast<unsigned>(d))) == 0) continue;
    if (!first) out += ',';
    first = false;
    out += '"';
    out += to_char(d);
    out += '"';
  }
  out += "],\"treasure\":";
  out += s.treasure ? "true" : "false";
  append_key(out, "steps");
  append_number(out, s.steps);
  append_key(out, "bumps");
  append_number(out, s.bumps);
  append_key(out, "found");
  append_number(out, s.found);
  append_key(out, "treasures");
  append_number(out, s.treasures);
  if (s.moved) {
    append_key(out, "moved");
    out += *s.moved ? "true" : "false";
  }
  if (s.done) {
    append_key(out, "done");
    append_number(out, *s.done);
  }
  if (s.width) {
    append_key(out, "width");
    append_number(out, *s.width);
  }
  if (s.height) {
    append_key(out, "height");
    append_number(out, *s.height);
  }
  if (s.seed) {
    append_key(out, "seed");
    append_number(out, *s.seed);
  }
  if (s.max_steps) {
    append_key(out, "max_steps");
    append_number(out, *s.max_steps);
  }
  if (s.maze) {
    append_key(out, "maze");
    append_json_string(out, *s.maze);
  }
  if (s.result) {
    const result_info& r = *s.result;
    out += ",\"result\":{\"status\":\"";
    out += to_string(r.status);
    out += '"';
    append_key(out, "steps");
    append_number(out, r.steps);
    append_key(out, "bumps");
    append_number(out, r.bumps);
    append_key(out, "score");
    append_number(out, r.score);
    append_key(out, "optimal");
    append_number(out, r.optimal);
    append_key(out, "efficiency");
    append_number(out, r.efficiency);
    append_key(out, "seed");
    append_number(out, r.seed);
    append_key(out, "found");
    append_number(out, r.found);
    append_key(out, "treasures");
    append_number(out, r.treasures);
    out += '}';
  }
  out += '}';
}

std::string write_server_message(const server_message& message, std::string_view id) {
  if (const auto* state = std::get_if<state_message>(&message)) {
    std::string out;
    append_state(out, *state, id);
    return out;
  }
  json doc = json::object();
  if (const auto* welcome = std::get_if<welcome_message>(&message)) {
    doc["type"] = "welcome";
    doc["protocol"] = welcome->protocol;
    doc["server"] = welcome->server;
    doc["session"] = welcome->session;
  } else {
    const auto& error = std::get<error_message>(message);
    doc["type"] = "error";
    doc["code"] = std::string(to_string(error.code));
    doc["message"] = error.message;
  }
  if (!id.empty()) doc["id"] = json::parse(id, nullptr, false);
  return doc.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string path_letters(const std::vector<direction>& dirs) {
  std::string letters;
  letters.reserve(dirs.size());
  for (const direction d : dirs)
    letters += to_char(d);
  return letters;
}

}  // namespace ariadne::protocol
