#include "protocol/client_reader.hpp"

#include <algorithm>
#include <utility>

#include "core/model/limits.hpp"
#include "protocol/json_values.hpp"

namespace ariadne::protocol {

namespace {

using namespace detail;

// A whole number for a field of type T. Its range is the rules' to judge
// (core/play/request_check.cpp); a number T cannot hold is out of every
// range, and is refused here with the rules' own sentence for it.
template <typename T>
std::optional<T> read_integer(const json& object, const integer_limit& limit) {
  const std::string key(limit.field);
  const json* value = field(object, key.c_str());
  if (value == nullptr) return std::nullopt;
  std::optional<request_error> problem;
  if (value->is_number_unsigned()) {
    const auto v = value->get<std::uint64_t>();
    if (std::in_range<T>(v)) return static_cast<T>(v);
    problem = check(limit, v);
  } else if (value->is_number_integer()) {
    const auto v = value->get<std::int64_t>();
    if (std::in_range<T>(v)) return static_cast<T>(v);
    problem = check(limit, v);
  } else {
    reject(errc::bad_request, quoted(key.c_str()) + " must be a whole number " +
                                  describe_range(limit) + ", not " + kind_of(*value));
  }
  reject(problem->code, std::move(problem->message));
}

// A string; judged against its limit here only where no rule will judge it
// (hello's name and token, a challenge's id).
std::optional<std::string> read_string(const json& object, const text_limit& limit,
                                       bool judge_here) {
  const std::string key(limit.field);
  const json* value = field(object, key.c_str());
  if (value == nullptr) return std::nullopt;
  if (!value->is_string()) {
    reject(errc::bad_request, quoted(key.c_str()) + " must be a string, not " + kind_of(*value));
  }
  const auto& text = value->get_ref<const std::string&>();
  if (judge_here) {
    if (auto problem = check(limit, text)) reject(problem->code, std::move(problem->message));
  }
  return text;
}

// Reads the maze fields into their types; whether they make a playable maze
// (in range, a known generator, a name without generator fields) is for the
// rules to say.
maze_request read_maze_request(const json& start) {
  maze_request maze;
  const json* value = field(start, "maze");
  if (value == nullptr) return maze;
  if (!value->is_object()) {
    reject(errc::bad_request, std::string("\"maze\" must be an object, not ") + kind_of(*value));
  }
  const json& m = *value;
  maze.name = read_string(m, limits::maze_name, false);
  maze.generator = read_string(m, limits::generator, false);
  maze.width = read_integer<std::int32_t>(m, limits::width);
  maze.height = read_integer<std::int32_t>(m, limits::height);
  maze.seed = read_integer<std::uint64_t>(m, limits::seed);
  if (const json* loops = field(m, "loops")) {
    if (!loops->is_number()) {
      reject(errc::bad_request, std::string("\"loops\" must be a number, not ") + kind_of(*loops));
    }
    maze.loops = loops->get<double>();
  }
  return maze;
}

client_message read_start(const json& doc) {
  if (auto challenge = read_string(doc, limits::challenge, true)) {
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
  start.maze = read_maze_request(doc);
  start.treasures = read_integer<std::uint32_t>(doc, limits::treasures);
  start.max_steps = read_integer<std::uint64_t>(doc, limits::max_steps);
  start.reuse_walls_removed = read_integer<std::uint32_t>(doc, limits::reuse_walls_removed);
  start.time_limit_ms = read_integer<std::uint64_t>(doc, limits::time_limit_ms);
  return start;
}

client_message read_path(const json& doc) {
  const json* dirs = field(doc, "dirs");
  if (dirs == nullptr || !dirs->is_string()) {
    reject(errc::bad_request, "\"dirs\" must be a string of N, E, S, W letters");
  }
  const auto& letters = dirs->get_ref<const std::string&>();
  // A path's length decides how much is read: judged here, as the rules judge it.
  if (auto problem = check_path_length(letters.size())) {
    reject(problem->code, std::move(problem->message));
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

client_message read_paint(const json& doc) {
  paint_message paint;
  if (const json* clear = field(doc, "clear")) {
    if (!clear->is_boolean()) reject(errc::bad_request, "\"clear\" must be true or false");
    paint.clear = clear->get<bool>();
  }
  const json* cells = field(doc, "cells");
  if (cells != nullptr) {
    if (!cells->is_array()) reject(errc::bad_request, "\"cells\" must be an array of cells");
    if (cells->size() > limits::paint_cells_per_message) {
      reject(errc::bad_request,
             "a paint marks at most " + std::to_string(limits::paint_cells_per_message) + " cells");
    }
    for (const json& c : *cells) {
      if (!c.is_object()) reject(errc::bad_request, "each of \"cells\" must be an object");
      paint_mark mark;
      const auto x = read_integer<std::int32_t>(c, limits::paint_x);
      const auto y = read_integer<std::int32_t>(c, limits::paint_y);
      if (!x || !y) reject(errc::bad_request, "each painted cell needs its \"x\" and \"y\"");
      mark.x = *x;
      mark.y = *y;
      if (const json* colour = field(c, "colour"); colour != nullptr && !colour->is_null()) {
        const bool known = colour->is_string() &&
                           std::find(paint_palette.begin(), paint_palette.end(),
                                     colour->get_ref<const std::string&>()) != paint_palette.end();
        if (!known) {
          reject(errc::bad_request,
                 "\"colour\" must be one of red, orange, yellow, green, teal, blue, purple, grey");
        }
        mark.colour = colour->get<std::string>();
      }
      if (auto text = read_string(c, limits::paint_text, true)) mark.text = std::move(*text);
      paint.cells.push_back(std::move(mark));
    }
  }
  if (auto log = read_string(doc, limits::paint_log, true)) paint.log = std::move(*log);
  if (!paint.clear && paint.cells.empty() && paint.log.empty()) {
    reject(errc::bad_request,
           "a paint names \"cells\", says \"clear\": true, or carries a \"log\" line");
  }
  return paint;
}

client_message read_body(std::string_view type, const json& doc) {
  if (type == "hello") {
    hello_message hello;
    if (auto name = read_string(doc, limits::player_name, true)) hello.name = *name;
    hello.token = read_string(doc, limits::token, true);
    hello.bot = read_string(doc, limits::bot_name, true);
    return hello;
  }
  if (type == "start") return read_start(doc);
  if (type == "sense") return sense_message{};
  if (type == "challenges") return challenges_message{};
  if (type == "abandon") return abandon_message{};
  if (type == "paint") return read_paint(doc);
  if (type == "move") {
    const json* dir = field(doc, "dir");
    if (dir == nullptr || !dir->is_string() || dir->get_ref<const std::string&>().size() != 1 ||
        !direction_from_letter(dir->get_ref<const std::string&>()[0])) {
      reject(errc::bad_request, "\"dir\" must be one of \"N\", \"E\", \"S\", \"W\"");
    }
    return move_message{*direction_from_letter(dir->get_ref<const std::string&>()[0])};
  }
  if (type == "path") return read_path(doc);
  reject(errc::unknown_type,
         "unknown message type '" + shorten(type) +
             "'; expected hello, start, sense, move, path, abandon, challenges or paint");
}

}  // namespace

std::variant<client_request, parse_error> parse_client_message(std::string_view text) {
  std::string type;
  std::string id;
  try {
    auto envelope = read_envelope(text, type, id);
    if (auto* problem = std::get_if<parse_error>(&envelope)) return std::move(*problem);
    return client_request{read_body(type, std::get<json>(envelope)), id};
  } catch (const field_problem& problem) {
    return parse_error{problem.code, problem.message, id};
  } catch (const std::exception& e) {
    // nlohmann conversions that slipped past a check, or allocation failure.
    return parse_error{errc::bad_request, std::string("the message could not be read: ") + e.what(),
                       id};
  }
}

}  // namespace ariadne::protocol
