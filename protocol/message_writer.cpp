#include "protocol/message_writer.hpp"

#include "protocol/json_values.hpp"
#include "protocol/paint_json.hpp"
#include "protocol/raw_json.hpp"
#include "protocol/state_writer.hpp"

namespace ariadne::protocol {

namespace {

using namespace detail;

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
    item["mazes"] = c.mazes;
    item["keep"] = c.keep;
    item["mark"] = c.mark ? json(*c.mark) : json(nullptr);
    if (c.next_maze) item["next_maze"] = *c.next_maze;
    list.push_back(std::move(item));
  }
  return list;
}

json start_json(const start_message& m) {
  json doc = {{"type", "start"}};
  json maze = json::object();
  if (m.maze.name) maze["name"] = *m.maze.name;
  if (m.maze.generator) maze["generator"] = *m.maze.generator;
  if (m.maze.width) maze["width"] = *m.maze.width;
  if (m.maze.height) maze["height"] = *m.maze.height;
  if (m.maze.seed) maze["seed"] = *m.maze.seed;
  if (m.maze.loops) maze["loops"] = *m.maze.loops;
  doc["maze"] = std::move(maze);
  if (m.treasures) doc["treasures"] = *m.treasures;
  if (m.max_steps) doc["max_steps"] = *m.max_steps;
  if (m.reuse_walls_removed) doc["reuse_walls_removed"] = *m.reuse_walls_removed;
  if (m.time_limit_ms) doc["time_limit_ms"] = *m.time_limit_ms;
  return doc;
}

json client_json(const client_message& message) {
  return std::visit(
      [](const auto& m) -> json {
        using T = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<T, hello_message>) {
          json doc = {{"type", "hello"}, {"name", m.name}};
          if (m.token) doc["token"] = *m.token;
          if (m.bot) doc["bot"] = *m.bot;
          return doc;
        } else if constexpr (std::is_same_v<T, start_message>) {
          return start_json(m);
        } else if constexpr (std::is_same_v<T, sense_message>) {
          return {{"type", "sense"}};
        } else if constexpr (std::is_same_v<T, move_message>) {
          return {{"type", "move"}, {"dir", std::string(1, to_char(m.dir))}};
        } else if constexpr (std::is_same_v<T, path_message>) {
          return {{"type", "path"}, {"dirs", path_letters(m.dirs)}};
        } else if constexpr (std::is_same_v<T, challenge_start_message>) {
          return {{"type", "start"}, {"challenge", m.challenge}};
        } else if constexpr (std::is_same_v<T, challenges_message>) {
          return {{"type", "challenges"}};
        } else if constexpr (std::is_same_v<T, paint_message>) {
          json doc = {{"type", "paint"}, {"cells", paint_cells_json(m.cells)}};
          if (m.clear) doc["clear"] = true;
          if (!m.log.empty()) doc["log"] = m.log;
          return doc;
        } else {
          return {{"type", "abandon"}};
        }
      },
      message);
}

json welcome_json(const welcome_message& welcome) {
  json doc = {{"type", "welcome"},
              {"protocol", welcome.protocol},
              {"server", welcome.server},
              {"session", welcome.session}};
  if (welcome.competitor) doc["competitor"] = *welcome.competitor;
  if (const auto& c = welcome.competition) {
    json info = {{"name", c->name}, {"challenges", challenges_json(c->challenges)}};
    info["opens_at"] = c->opens_at ? json(*c->opens_at) : json(nullptr);
    info["closes_at"] = c->closes_at ? json(*c->closes_at) : json(nullptr);
    if (c->announcement) info["announcement"] = *c->announcement;
    doc["competition"] = std::move(info);
  }
  if (welcome.state) doc["state"] = state_json(*welcome.state);
  return doc;
}

}  // namespace

std::string write_client_message(const client_message& message, std::string_view id) {
  return with_raw_id(client_json(message).dump(), id);
}

std::string write_server_message(const server_message& message, std::string_view id) {
  if (const auto* state = std::get_if<state_message>(&message)) {
    std::string out;
    append_state(out, *state, id);
    return out;
  }
  json doc;
  if (const auto* welcome = std::get_if<welcome_message>(&message)) {
    doc = welcome_json(*welcome);
  } else if (const auto* list = std::get_if<challenges_reply>(&message)) {
    doc = {{"type", "challenges"}, {"challenges", challenges_json(list->challenges)}};
  } else if (const auto* painted = std::get_if<painted_reply>(&message)) {
    doc = {{"type", "painted"}, {"marks", painted->marks}};
  } else {
    const auto& error = std::get<error_message>(message);
    doc = {{"type", "error"},
           {"code", std::string(to_string(error.code))},
           {"message", error.message}};
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
