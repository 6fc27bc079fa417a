#include "protocol/codec.hpp"

#include <array>
#include <charconv>
#include <limits>
#include <utility>

#include <nlohmann/json.hpp>

#include "core/model/limits.hpp"
#include "protocol/raw_json.hpp"

namespace ariadne::protocol {

namespace {

using json = nlohmann::json;

// Raised by the field readers below and caught in the parse functions: it
// never leaves this file.
struct field_problem {
  errc code;
  std::string message;
};

[[noreturn]] void reject(errc code, std::string message) {
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

// A whole number within its limit: the shape is checked here, the range by
// the shared check of core/model/limits.hpp.
std::optional<std::uint64_t> read_integer(const json& object, const integer_limit& limit) {
  const std::string key(limit.field);
  const json* value = field(object, key.c_str());
  if (value == nullptr) return std::nullopt;
  std::optional<request_error> problem;
  if (value->is_number_unsigned()) {
    problem = check(limit, value->get<std::uint64_t>());
    if (!problem) return value->get<std::uint64_t>();
  } else if (value->is_number_integer()) {
    problem = check(limit, value->get<std::int64_t>());
    if (!problem) return static_cast<std::uint64_t>(value->get<std::int64_t>());
  } else {
    reject(errc::bad_request, "\"" + key + "\" must be a whole number " + describe_range(limit) +
                                  ", not " + kind_of(*value));
  }
  throw field_problem{problem->code, std::move(problem->message)};
}

std::optional<std::string> read_string(const json& object, const text_limit& limit) {
  const std::string key(limit.field);
  const json* value = field(object, key.c_str());
  if (value == nullptr) return std::nullopt;
  if (!value->is_string()) {
    reject(errc::bad_request, "\"" + key + "\" must be a string, not " + kind_of(*value));
  }
  const auto& text = value->get_ref<const std::string&>();
  if (auto problem = check(limit, text)) throw field_problem{problem->code, problem->message};
  return text;
}

std::string shorten(std::string_view text, std::size_t max = 40) {
  if (text.size() <= max) return std::string(text);
  return std::string(text.substr(0, max)) + "...";
}

// Reads the maze fields into their types; whether they make a playable maze
// (a known generator, a name without generator fields) is for the rules
// (core/play/request_check.cpp) to say.
maze_request read_maze(const json& start) {
  maze_request maze;
  const json* value = field(start, "maze");
  if (value == nullptr) return maze;
  if (!value->is_object()) {
    reject(errc::bad_request, std::string("\"maze\" must be an object, not ") + kind_of(*value));
  }
  const json& m = *value;
  maze.name = read_string(m, limits::maze_name);
  maze.generator = read_string(m, limits::generator);
  if (auto w = read_integer(m, limits::width)) maze.width = static_cast<std::int32_t>(*w);
  if (auto h = read_integer(m, limits::height)) maze.height = static_cast<std::int32_t>(*h);
  maze.seed = read_integer(m, limits::seed);
  if (const json* loops = field(m, "loops")) {
    if (!loops->is_number()) {
      reject(errc::bad_request, std::string("\"loops\" must be a number, not ") + kind_of(*loops));
    }
    const double v = loops->get<double>();
    if (auto problem = check(limits::loops, v))
      throw field_problem{problem->code, problem->message};
    maze.loops = v;
  }
  return maze;
}

client_message read_client_body(std::string_view type, const json& doc) {
  if (type == "hello") {
    hello_message hello;
    if (auto name = read_string(doc, limits::player_name)) hello.name = *name;
    hello.token = read_string(doc, limits::token);
    return hello;
  }
  if (type == "start") {
    if (auto challenge = read_string(doc, limits::challenge)) {
      for (const char* other :
           {"maze", "treasures", "max_steps", "reuse_walls_removed", "time_limit_ms"}) {
        if (field(doc, other) != nullptr) {
          reject(errc::bad_request, "a start with \"challenge\" takes no \"" + std::string(other) +
                                        "\": the challenge sets it");
        }
      }
      return challenge_start_message{std::move(*challenge)};
    }
    start_message start;
    start.maze = read_maze(doc);
    if (auto t = read_integer(doc, limits::treasures)) {
      start.treasures = static_cast<std::uint32_t>(*t);
    }
    start.max_steps = read_integer(doc, limits::max_steps);
    if (auto r = read_integer(doc, limits::reuse_walls_removed)) {
      start.reuse_walls_removed = static_cast<std::uint32_t>(*r);
    }
    start.time_limit_ms = read_integer(doc, limits::time_limit_ms);
    return start;
  }
  if (type == "sense") return sense_message{};
  if (type == "challenges") return challenges_message{};
  if (type == "abandon") return abandon_message{};
  if (type == "move") {
    const json* dir = field(doc, "dir");
    if (dir == nullptr || !dir->is_string() || dir->get_ref<const std::string&>().size() != 1 ||
        !direction_from_letter(dir->get_ref<const std::string&>()[0])) {
      reject(errc::bad_request, "\"dir\" must be one of \"N\", \"E\", \"S\", \"W\"");
    }
    return move_message{*direction_from_letter(dir->get_ref<const std::string&>()[0])};
  }
  if (type == "path") {
    const json* dirs = field(doc, "dirs");
    if (dirs == nullptr || !dirs->is_string()) {
      reject(errc::bad_request, "\"dirs\" must be a string of N, E, S, W letters");
    }
    const auto& letters = dirs->get_ref<const std::string&>();
    if (auto problem = check_path_length(letters.size())) {
      throw field_problem{problem->code, problem->message};
    }
    path_message path;
    path.dirs.reserve(letters.size());
    for (std::size_t i = 0; i < letters.size(); ++i) {
      const auto d = direction_from_letter(letters[i]);
      if (!d) {
        reject(errc::bad_request,
               "\"dirs\" letter " + std::to_string(i + 1) + " is not one of N, E, S, W");
      }
      path.dirs.push_back(*d);
    }
    return path;
  }
  reject(errc::unknown_type,
         "unknown message type '" + shorten(type) +
             "'; expected hello, start, sense, move, path, abandon or challenges");
}

// Reads "type" and "id" common to every message; returns the document.
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

// Strict readers for what a server sends: a field of the wrong type or out of
// its C++ type's range is refused, never converted (a float into an integer
// is undefined behaviour, and silent truncation a lie).
const json& member(const json& object, const char* key) {
  const json* value = object.is_object() ? field(object, key) : nullptr;
  if (value == nullptr) reject(errc::bad_request, "\"" + std::string(key) + "\" is missing");
  return *value;
}

template <typename Integer>
Integer integer_of(const json& value, const char* key) {
  bool fits = false;
  if (value.is_number_unsigned()) {
    fits = std::in_range<Integer>(value.get<std::uint64_t>());
  } else if (value.is_number_integer()) {
    fits = std::in_range<Integer>(value.get<std::int64_t>());
  }
  if (!fits)
    reject(errc::bad_request, "\"" + std::string(key) + "\" is not a whole number in range");
  return value.is_number_unsigned() ? static_cast<Integer>(value.get<std::uint64_t>())
                                    : static_cast<Integer>(value.get<std::int64_t>());
}

template <typename Integer>
Integer integer_field(const json& object, const char* key) {
  return integer_of<Integer>(member(object, key), key);
}

template <typename Integer>
std::optional<Integer> optional_integer(const json& object, const char* key) {
  const json* value = field(object, key);
  if (value == nullptr) return std::nullopt;
  return integer_of<Integer>(*value, key);
}

bool bool_field(const json& object, const char* key) {
  const json& value = member(object, key);
  if (!value.is_boolean())
    reject(errc::bad_request, "\"" + std::string(key) + "\" is not a boolean");
  return value.get<bool>();
}

std::string string_field(const json& object, const char* key) {
  const json& value = member(object, key);
  if (!value.is_string()) reject(errc::bad_request, "\"" + std::string(key) + "\" is not a string");
  return value.get<std::string>();
}

run_result read_result(const json& r) {
  run_result info;
  const auto status = run_status_names.parse(string_field(r, "status"));
  if (!status || *status == run_status::active) reject(errc::bad_request, "unknown result status");
  info.status = *status;
  info.steps = integer_field<std::uint64_t>(r, "steps");
  info.bumps = integer_field<std::uint64_t>(r, "bumps");
  info.score = integer_field<std::uint64_t>(r, "score");
  info.optimal = integer_field<std::uint64_t>(r, "optimal");
  const json& efficiency = member(r, "efficiency");
  if (!efficiency.is_number()) reject(errc::bad_request, "\"efficiency\" is not a number");
  info.efficiency = efficiency.get<double>();
  info.seed = optional_integer<std::uint64_t>(r, "seed");
  info.found = optional_integer<std::uint32_t>(r, "found").value_or(0);
  info.treasures = optional_integer<std::uint32_t>(r, "treasures").value_or(0);
  return info;
}

state_message read_state(const json& doc) {
  state_message s;
  s.run = integer_field<std::uint64_t>(doc, "run");
  const json& position = member(doc, "position");
  s.position =
      cell{integer_field<std::int32_t>(position, "x"), integer_field<std::int32_t>(position, "y")};
  const json& open = member(doc, "open");
  if (!open.is_array()) reject(errc::bad_request, "\"open\" is not an array");
  for (const json& letter : open) {
    const auto* text = letter.is_string() ? &letter.get_ref<const std::string&>() : nullptr;
    const auto d = text && text->size() == 1 ? direction_from_letter((*text)[0]) : std::nullopt;
    if (!d) reject(errc::bad_request, "\"open\" holds something other than N, E, S, W");
    s.open |= 1U << static_cast<unsigned>(*d);
  }
  s.treasure = bool_field(doc, "treasure");
  s.steps = integer_field<std::uint64_t>(doc, "steps");
  s.bumps = integer_field<std::uint64_t>(doc, "bumps");
  s.found = integer_field<std::uint32_t>(doc, "found");
  s.treasures = optional_integer<std::uint32_t>(doc, "treasures").value_or(1);
  if (field(doc, "moved")) s.moved = bool_field(doc, "moved");
  s.done = optional_integer<std::uint32_t>(doc, "done");
  s.width = optional_integer<std::int32_t>(doc, "width");
  s.height = optional_integer<std::int32_t>(doc, "height");
  s.seed = optional_integer<std::uint64_t>(doc, "seed");
  s.max_steps = optional_integer<std::uint64_t>(doc, "max_steps");
  if (field(doc, "maze")) s.maze = string_field(doc, "maze");
  if (const json* result = field(doc, "result")) s.result = read_result(*result);
  return s;
}

std::optional<std::string> optional_string(const json& object, const char* key) {
  if (field(object, key) == nullptr) return std::nullopt;
  return string_field(object, key);
}

double number_field(const json& object, const char* key) {
  const json& value = member(object, key);
  if (!value.is_number()) reject(errc::bad_request, "\"" + std::string(key) + "\" is not a number");
  return value.get<double>();
}

std::vector<challenge_info> read_challenges(const json& list) {
  if (!list.is_array()) reject(errc::bad_request, "\"challenges\" is not an array");
  std::vector<challenge_info> challenges;
  for (const json& c : list) {
    challenge_info info;
    info.id = string_field(c, "id");
    info.width = integer_field<std::int32_t>(c, "width");
    info.height = integer_field<std::int32_t>(c, "height");
    info.treasures = integer_field<std::uint32_t>(c, "treasures");
    info.max_steps = optional_integer<std::uint64_t>(c, "max_steps");
    info.time_limit_ms = optional_integer<std::uint64_t>(c, "time_limit_ms");
    info.weight = number_field(c, "weight");
    info.attempts = integer_field<std::uint32_t>(c, "attempts");
    info.attempts_left = integer_field<std::uint32_t>(c, "attempts_left");
    if (field(c, "best") != nullptr) info.best = number_field(c, "best");
    challenges.push_back(std::move(info));
  }
  return challenges;
}

json challenges_json(const std::vector<challenge_info>& challenges) {
  json list = json::array();
  for (const challenge_info& c : challenges) {
    json item = {{"id", c.id},
                 {"width", c.width},
                 {"height", c.height},
                 {"treasures", c.treasures},
                 {"weight", c.weight},
                 {"attempts", c.attempts},
                 {"attempts_left", c.attempts_left}};
    if (c.max_steps) item["max_steps"] = *c.max_steps;
    if (c.time_limit_ms) item["time_limit_ms"] = *c.time_limit_ms;
    item["best"] = c.best ? json(*c.best) : json(nullptr);
    list.push_back(std::move(item));
  }
  return list;
}

welcome_message read_welcome(const json& doc) {
  welcome_message welcome{integer_field<int>(doc, "protocol"), string_field(doc, "server"),
                          string_field(doc, "session")};
  welcome.competitor = optional_string(doc, "competitor");
  if (const json* c = field(doc, "competition")) {
    competition_info info;
    info.name = string_field(*c, "name");
    info.opens_at = optional_string(*c, "opens_at");
    info.closes_at = optional_string(*c, "closes_at");
    info.challenges = read_challenges(member(*c, "challenges"));
    welcome.competition = std::move(info);
  }
  if (const json* state = field(doc, "state")) welcome.state = read_state(*state);
  return welcome;
}

}  // namespace

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
    return parse_error{errc::bad_request, std::string("the message could not be read: ") + e.what(),
                       id};
  }
}

std::variant<server_reply, parse_error> parse_server_message(std::string_view text) {
  std::string type;
  std::string id;
  try {
    auto envelope = read_envelope(text, type, id);
    if (auto* problem = std::get_if<parse_error>(&envelope)) return std::move(*problem);
    const json& doc = std::get<json>(envelope);
    if (type == "welcome") return server_reply{read_welcome(doc), id};
    if (type == "challenges") {
      return server_reply{challenges_reply{read_challenges(member(doc, "challenges"))}, id};
    }
    if (type == "state") return server_reply{read_state(doc), id};
    if (type == "error") {
      const auto code = errc_names.parse(string_field(doc, "code"));
      if (!code) return parse_error{errc::bad_request, "unknown error code", id};
      return server_reply{error_message{*code, string_field(doc, "message")}, id};
    }
    return parse_error{errc::unknown_type, "unknown server message type '" + shorten(type) + "'",
                       id};
  } catch (const field_problem& problem) {
    return parse_error{problem.code, problem.message, id};
  } catch (const std::exception& e) {
    return parse_error{errc::bad_request, std::string("malformed server message: ") + e.what(), id};
  }
}

std::variant<run_result, parse_error> parse_result(std::string_view text) {
  try {
    const json doc = json::parse(text);
    if (!doc.is_object()) return parse_error{errc::bad_request, "a result is an object", {}};
    return read_result(doc);
  } catch (const field_problem& problem) {
    return parse_error{problem.code, problem.message, {}};
  } catch (const std::exception& e) {
    return parse_error{errc::bad_request, std::string("malformed result: ") + e.what(), {}};
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
          if (m.token) doc["token"] = *m.token;
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
        } else if constexpr (std::is_same_v<T, challenge_start_message>) {
          doc["type"] = "start";
          doc["challenge"] = m.challenge;
        } else if constexpr (std::is_same_v<T, challenges_message>) {
          doc["type"] = "challenges";
        } else {
          doc["type"] = "abandon";
        }
      },
      message);
  return with_raw_id(doc.dump(), id);
}

void append_result(std::string& out, const run_result& r) {
  out += "{\"status\":\"";
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
  if (r.seed) {
    append_key(out, "seed");
    append_number(out, *r.seed);
  }
  append_key(out, "found");
  append_number(out, r.found);
  append_key(out, "treasures");
  append_number(out, r.treasures);
  out += '}';
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
    out += ",\"result\":";
    append_result(out, *s.result);
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
    if (welcome->competitor) doc["competitor"] = *welcome->competitor;
    if (const auto& c = welcome->competition) {
      json info = {{"name", c->name}, {"challenges", challenges_json(c->challenges)}};
      info["opens_at"] = c->opens_at ? json(*c->opens_at) : json(nullptr);
      info["closes_at"] = c->closes_at ? json(*c->closes_at) : json(nullptr);
      doc["competition"] = std::move(info);
    }
    if (welcome->state) {
      std::string state;
      append_state(state, *welcome->state);
      json inner = json::parse(state);
      inner.erase("type");
      doc["state"] = std::move(inner);
    }
  } else if (const auto* list = std::get_if<challenges_reply>(&message)) {
    doc["type"] = "challenges";
    doc["challenges"] = challenges_json(list->challenges);
  } else {
    const auto& error = std::get<error_message>(message);
    doc["type"] = "error";
    doc["code"] = std::string(to_string(error.code));
    doc["message"] = error.message;
  }
  return with_raw_id(doc.dump(-1, ' ', false, json::error_handler_t::replace), id);
}

std::string path_letters(const std::vector<direction>& dirs) {
  std::string letters;
  letters.reserve(dirs.size());
  for (const direction d : dirs)
    letters += to_char(d);
  return letters;
}

}  // namespace ariadne::protocol
