#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>

namespace ariadne::mcp {

// The tools' names, defined once for the catalog and the session.
namespace tool_names {
inline constexpr const char* start_run = "start_run";
inline constexpr const char* sense = "sense";
inline constexpr const char* move = "move";
inline constexpr const char* move_path = "move_path";
inline constexpr const char* memory_map = "memory_map";
inline constexpr const char* status = "status";
inline constexpr const char* abandon = "abandon";
inline constexpr const char* list_challenges = "list_challenges";
}  // namespace tool_names

// What decides which tools are offered and what start_run takes.
struct catalog_options {
  bool memory_map = true;    // --memory map: the memory_map tool
  bool ranked = false;       // a competitor's token: list_challenges, start_run's challenge
  bool fixed_maze = false;   // --fixed-maze: start_run takes no maze arguments
  std::string maze_summary;  // the command line's maze, for start_run's description
};

// The tools as tools/list publishes them: name, title, description,
// inputSchema, outputSchema, annotations. Their arguments are checked
// against these very inputSchemas (schema_check.hpp), which carry the rules'
// limits (core/model/limits.hpp: ranges, lengths, the directions); what
// depends on the maze is the server's to judge.
nlohmann::ordered_json tool_catalog(const catalog_options& options);

// How to play, for the model (initialize's instructions).
std::string play_instructions(const catalog_options& options);

}  // namespace ariadne::mcp
