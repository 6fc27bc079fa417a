#include "clients/mcp/start_request.hpp"

#include <nlohmann/json.hpp>

#include "protocol/message_writer.hpp"

namespace ariadne::mcp {

using json = nlohmann::json;

namespace {

// start_run's arguments that belong in the start's "maze" object, by the
// protocol's names.
constexpr std::pair<const char*, const char*> maze_fields[] = {
    {"maze", "name"},     {"generator", "generator"}, {"width", "width"},
    {"height", "height"}, {"loops", "loops"},         {"seed", "seed"}};
constexpr const char* generated_fields[] = {"generator", "width", "height", "loops"};
constexpr const char* run_fields[] = {"treasures", "reuse_walls_removed", "max_steps"};

}  // namespace

std::variant<protocol::client_request, protocol::parse_error> start_request(
    const json& arguments, const maze_options& defaults, std::optional<std::uint64_t> seed) {
  json message = {{"type", "start"}};
  if (const auto challenge = arguments.find("challenge"); challenge != arguments.end()) {
    // Whatever else came with it goes too: the protocol refuses it beside a challenge.
    message["challenge"] = *challenge;
  } else {
    // The command line's start (maze_options fills in and leaves out as
    // every client does); a generated maze asked for replaces a named one.
    maze_options chosen = defaults;
    bool generated_asked = false;
    for (const char* field : generated_fields)
      generated_asked |= arguments.contains(field);
    if (generated_asked || arguments.contains("maze")) chosen.maze.clear();
    message = json::parse(protocol::write_client_message(chosen.request(seed)));
    // A named maze asked for takes none of the generated defaults.
    if (arguments.contains("maze")) {
      for (const char* field : generated_fields)
        message["maze"].erase(field);
    }
  }
  json& maze = message["maze"];
  for (const auto& [argument, field] : maze_fields) {
    if (arguments.contains(argument)) maze[field] = arguments[argument];
  }
  if (maze.empty()) message.erase("maze");
  for (const char* field : run_fields) {
    if (arguments.contains(field)) message[field] = arguments[field];
  }
  return protocol::parse_client_message(message.dump());
}

std::variant<protocol::client_request, protocol::parse_error> run_command(const char* type,
                                                                          const char* field,
                                                                          const json& value) {
  return protocol::parse_client_message(json{{"type", type}, {field, value}}.dump());
}

}  // namespace ariadne::mcp
