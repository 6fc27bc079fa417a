#include "clients/mcp/start_request.hpp"

#include <nlohmann/json.hpp>

namespace ariadne::mcp {

using json = nlohmann::json;

namespace {

// start_run's arguments that belong in the start's "maze" object, by the
// protocol's names.
constexpr std::pair<const char*, const char*> maze_fields[] = {
    {"maze", "name"},     {"generator", "generator"}, {"width", "width"},
    {"height", "height"}, {"loops", "loops"},         {"seed", "seed"}};
constexpr const char* run_fields[] = {"treasures", "reuse_walls_removed", "max_steps"};

}  // namespace

std::variant<protocol::client_request, protocol::parse_error> start_request(
    const json& arguments, const maze_options& defaults, std::optional<std::uint64_t> seed) {
  json message = {{"type", "start"}};
  json maze = json::object();
  for (const auto& [argument, field] : maze_fields) {
    if (arguments.contains(argument)) maze[field] = arguments[argument];
  }
  if (const auto challenge = arguments.find("challenge"); challenge != arguments.end()) {
    // Whatever else came with it goes too: the protocol refuses it beside a challenge.
    message["challenge"] = *challenge;
  } else {
    const bool generated_asked = maze.contains("generator") || maze.contains("width") ||
                                 maze.contains("height") || maze.contains("loops");
    if (!maze.contains("name") && (defaults.maze.empty() || generated_asked)) {
      const auto sides = parse_size(defaults.size);
      if (!maze.contains("generator")) maze["generator"] = defaults.generator;
      if (!maze.contains("width") && sides) maze["width"] = sides->first;
      if (!maze.contains("height") && sides) maze["height"] = sides->second;
      if (!maze.contains("loops") && defaults.loops != limits::default_loops) {
        maze["loops"] = defaults.loops;
      }
    } else if (!maze.contains("name")) {
      maze["name"] = defaults.maze;
    }
    if (!maze.contains("seed") && seed) maze["seed"] = *seed;
    if (defaults.treasures != limits::default_treasures) message["treasures"] = defaults.treasures;
    if (defaults.reuse_walls != limits::default_reuse_walls_removed) {
      message["reuse_walls_removed"] = defaults.reuse_walls;
    }
    if (defaults.max_steps != 0) message["max_steps"] = defaults.max_steps;
  }
  if (!maze.empty()) message["maze"] = std::move(maze);
  for (const char* field : run_fields) {
    if (arguments.contains(field)) message[field] = arguments[field];
  }
  return protocol::parse_client_message(message.dump());
}

}  // namespace ariadne::mcp
