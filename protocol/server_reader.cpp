#include "protocol/server_reader.hpp"

#include "protocol/json_values.hpp"

namespace ariadne::protocol {

namespace {

using namespace detail;

set_position read_set(const json& doc) {
  if (!doc.is_object()) reject("\"set\" must be an object");
  set_position s;
  s.attempt = integer_field<std::uint32_t>(doc, "attempt");
  s.maze = integer_field<std::uint32_t>(doc, "maze");
  s.mazes = integer_field<std::uint32_t>(doc, "mazes");
  if (s.maze < 1 || s.maze > s.mazes) reject("a set's \"maze\" must be from 1 to its \"mazes\"");
  if (field(doc, "ended") != nullptr) s.ended = bool_field(doc, "ended");
  s.found = optional_integer<std::uint32_t>(doc, "found");
  if (field(doc, "mark") != nullptr) s.mark = number_field(doc, "mark");
  return s;
}

state_message read_state(const json& doc) {
  state_message s;
  s.run = integer_field<std::uint64_t>(doc, "run");
  const json& position = member(doc, "position");
  s.position =
      cell{integer_field<std::int32_t>(position, "x"), integer_field<std::int32_t>(position, "y")};
  const json& open = member(doc, "open");
  if (!open.is_array()) reject("\"open\" must be an array");
  for (const json& letter : open) {
    const auto* text = letter.is_string() ? &letter.get_ref<const std::string&>() : nullptr;
    const auto d = text && text->size() == 1 ? direction_from_letter((*text)[0]) : std::nullopt;
    if (!d) reject("\"open\" holds something other than N, E, S, W");
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
  s.maze = optional_string(doc, "maze");
  if (const json* result = field(doc, "result")) s.result = read_result(*result);
  if (const json* set = field(doc, "set")) s.set = read_set(*set);
  return s;
}

std::vector<challenge_info> read_challenges(const json& list) {
  if (!list.is_array()) reject("\"challenges\" must be an array");
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
    // Absent from servers of the days before sets: one maze, every attempt's best.
    if (field(c, "mazes") != nullptr) info.mazes = integer_field<std::uint32_t>(c, "mazes");
    info.keep = field(c, "keep") != nullptr ? string_field(c, "keep") : "best";
    info.next_maze = optional_integer<std::uint32_t>(c, "next_maze");
    if (field(c, "mark") != nullptr) {
      info.mark = number_field(c, "mark");
    } else if (field(c, "keep") == nullptr) {
      info.mark = info.best;
    }
    challenges.push_back(std::move(info));
  }
  return challenges;
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
    info.announcement = optional_string(*c, "announcement");
    info.challenges = read_challenges(member(*c, "challenges"));
    welcome.competition = std::move(info);
  }
  if (const json* state = field(doc, "state")) welcome.state = read_state(*state);
  return welcome;
}

server_message read_body(std::string_view type, const json& doc) {
  if (type == "welcome") return read_welcome(doc);
  if (type == "challenges") return challenges_reply{read_challenges(member(doc, "challenges"))};
  if (type == "painted") return painted_reply{integer_field<std::uint64_t>(doc, "marks")};
  if (type == "state") return read_state(doc);
  if (type == "error") {
    const auto code = errc_names.parse(string_field(doc, "code"));
    if (!code) reject("unknown error code");
    return error_message{*code, string_field(doc, "message")};
  }
  reject(errc::unknown_type, "unknown server message type '" + shorten(type) + "'");
}

}  // namespace

std::variant<server_reply, parse_error> parse_server_message(std::string_view text) {
  std::string type;
  std::string id;
  try {
    auto envelope = read_envelope(text, type, id);
    if (auto* problem = std::get_if<parse_error>(&envelope)) return std::move(*problem);
    return server_reply{read_body(type, std::get<json>(envelope)), id};
  } catch (const field_problem& problem) {
    return parse_error{problem.code, problem.message, id};
  } catch (const std::exception& e) {
    return parse_error{errc::bad_request, std::string("malformed server message: ") + e.what(), id};
  }
}

}  // namespace ariadne::protocol
