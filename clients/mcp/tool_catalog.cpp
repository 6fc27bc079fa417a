#include "clients/mcp/tool_catalog.hpp"

#include <nlohmann/json.hpp>

#include "core/maze/cell.hpp"
#include "core/model/limits.hpp"

namespace ariadne::mcp {

using ordered_json = nlohmann::ordered_json;

namespace {

ordered_json counter() {
  return {{"type", "integer"}, {"minimum", 0}};
}

// Arguments held to the rules' own limits (core/model/limits.hpp).
ordered_json whole(const integer_limit& limit, const std::string& description) {
  return {{"type", "integer"},
          {"minimum", limit.min},
          {"maximum", limit.max},
          {"description", description}};
}

ordered_json fraction(const real_limit& limit, const std::string& description) {
  return {{"type", "number"},
          {"minimum", limit.min},
          {"maximum", limit.max},
          {"description", description}};
}

ordered_json text(const text_limit& limit, const std::string& description) {
  return {{"type", "string"},
          {"minLength", 1},
          {"maxLength", limit.max_length},
          {"description", description}};
}

ordered_json run_argument() {
  return {{"type", "integer"},
          {"minimum", 1},
          {"description",
           "The run's handle, as start_run returned it (default: this session's latest run). "
           "A handle that is not the latest run's is refused, except by status, which reports "
           "any run of this session"}};
}

ordered_json direction_argument() {
  ordered_json letters = ordered_json::array();
  for (const direction d : all_directions)
    letters.push_back(std::string(1, to_char(d)));
  return {{"type", "string"}, {"enum", letters}, {"description", "N, E, S or W (upper case)"}};
}

ordered_json object_schema(ordered_json properties, ordered_json required = ordered_json::array()) {
  return {{"type", "object"},
          {"properties", std::move(properties)},
          {"required", std::move(required)},
          {"additionalProperties", false}};
}

ordered_json cell_schema() {
  return {{"type", "object"},
          {"properties", {{"x", counter()}, {"y", counter()}}},
          {"required", {"x", "y"}}};
}

ordered_json nullable(const char* type) {
  return {{"type", {type, "null"}}};
}

// The structured content of every tool that reports a run.
ordered_json run_schema() {
  ordered_json result = {
      {"type", "object"},
      {"properties",
       {{"status", {{"type", "string"}, {"enum", {"found", "exhausted", "abandoned", "timeout"}}}},
        {"steps", counter()},
        {"bumps", counter()},
        {"score", counter()},
        {"optimal", counter()},
        {"efficiency", {{"type", "number"}, {"minimum", 0}, {"maximum", 1}}},
        {"seed", counter()},
        {"found", counter()},
        {"treasures", counter()}}},
      {"required",
       {"status", "steps", "bumps", "score", "optimal", "efficiency", "found", "treasures"}}};
  ordered_json budget = {
      {"type", "object"},
      {"properties",
       {{"max_moves", nullable("integer")},
        {"moves_left", nullable("integer")},
        {"max_calls", nullable("integer")},
        {"calls", counter()},
        {"calls_left", nullable("integer")}}},
      {"required", {"max_moves", "moves_left", "max_calls", "calls", "calls_left"}}};
  ordered_json visits = {
      {"type", "object"},
      {"properties", {{"cells", counter()}, {"most", counter()}, {"ten_or_more", counter()}}},
      {"required", {"cells", "most", "ten_or_more"}}};
  ordered_json open = {{"type", "array"},
                       {"items", {{"type", "string"}, {"enum", {"N", "E", "S", "W"}}}}};
  return {{"type", "object"},
          {"properties",
           {{"run", counter()},
            {"position", cell_schema()},
            {"open", open},
            {"treasure", {{"type", "boolean"}}},
            {"steps", counter()},
            {"bumps", counter()},
            {"found", counter()},
            {"treasures", counter()},
            {"moved", {{"type", "boolean"}}},
            {"done", counter()},
            {"width", counter()},
            {"height", counter()},
            {"seed", counter()},
            {"max_steps", nullable("integer")},
            {"maze", {{"type", "string"}}},
            {"result", result},
            {"set", {{"type", "object"}}},
            {"handle", counter()},
            {"start", cell_schema()},
            {"taken_over", {{"type", "boolean"}}},
            {"ended", {{"type", "boolean"}}},
            {"moves_left", counter()},
            {"budget", budget},
            {"watch", {{"type", "string"}}},
            {"replay", nullable("string")},
            {"lost", {{"type", "string"}}},
            {"reconnects", counter()},
            {"visits", visits}}},
          {"required",
           {"run", "position", "open", "treasure", "steps", "bumps", "found", "treasures", "width",
            "height", "max_steps", "handle", "ended", "moves_left", "budget"}}};
}

ordered_json tool(const char* name, const char* title, const std::string& description,
                  ordered_json input, ordered_json output, bool read_only,
                  bool destructive = false) {
  return {
      {"name", name},
      {"title", title},
      {"description", description},
      {"inputSchema", std::move(input)},
      {"outputSchema", std::move(output)},
      {"annotations",
       {{"readOnlyHint", read_only}, {"destructiveHint", destructive}, {"openWorldHint", true}}}};
}

ordered_json start_arguments(const catalog_options& o) {
  ordered_json properties = ordered_json::object();
  if (!o.fixed_maze) {
    properties = {
        {"generator", text(limits::generator, "A maze generator (GET /api/generators lists them)")},
        {"width", whole(limits::width, "Cells west to east")},
        {"height", whole(limits::height, "Cells south to north")},
        {"loops", fraction(limits::loops,
                           "Fraction of dead ends removed, from 0 (a perfect maze: one path "
                           "between two cells) to 1")},
        {"seed", whole(limits::seed,
                       "The maze's seed: the same seed, the same maze and treasure (default: "
                       "the server picks one)")},
        {"maze", text(limits::maze_name,
                      "A named maze of the server instead of a generator (GET /api/mazes lists "
                      "them)")},
        {"treasures", whole(limits::treasures, "Treasures to find one after another")},
        {"reuse_walls_removed",
         whole(limits::reuse_walls_removed, "Walls knocked down after each find but the last")},
        {"max_steps", whole(limits::max_steps, "The run's move limit (default 10 moves a cell)")}};
  }
  if (o.ranked) {
    properties["challenge"] = text(limits::challenge,
                                   "A challenge of the competition (list_challenges): a ranked "
                                   "run, with no other argument");
  }
  return object_schema(std::move(properties));
}

}  // namespace

ordered_json tool_catalog(const catalog_options& o) {
  const ordered_json run_only = object_schema({{"run", run_argument()}});
  std::string start = "Starts a run: one drone in a hidden maze, at its start. ";
  start += o.fixed_maze ? "The maze is the adapter's own (" + o.maze_summary +
                              "): this tool takes no maze argument."
                        : "Without arguments, the adapter's maze (" + o.maze_summary + ").";
  if (o.ranked) start += " With challenge, a ranked run of the competition.";
  start +=
      " Returns the run handle, the maze's size, the start, the move limit and where to "
      "watch it. One run at a time: abandon or finish the current one first.";
  ordered_json tools = ordered_json::array();
  tools.push_back(
      tool(tool_names::start_run, "Start a run", start, start_arguments(o), run_schema(), false));
  tools.push_back(tool(tool_names::sense, "Sense",
                       "Where the drone stands and which sides of its cell are open, with the "
                       "counters. Costs no move.",
                       run_only, run_schema(), true));
  tools.push_back(tool(
      tool_names::move, "Move one cell",
      "Moves one cell north, east, south or west. Through an open side it is a step; into a "
      "wall it is a bump (the drone stays; a bump counts as a move). Reports the new cell's open "
      "sides, and the result when the run ends.",
      object_schema({{"dir", direction_argument()}, {"run", run_argument()}}, {"dir"}),
      run_schema(), false));
  tools.push_back(tool(
      tool_names::move_path, "Move along a path",
      "Moves along a path of letters (\"NNEES\"), one move each, stopping after the first bump, "
      "the first treasure found or the end of the run, exactly as if each were sent alone; "
      "done says how many moves were made. Saves calls on a known way.",
      object_schema({{"dirs", text({limits::path_letters.field, limits::path_letters.max},
                                   "1 to " + std::to_string(limits::path_letters.max) +
                                       " letters of N, E, S, W (upper case)")},
                     {"run", run_argument()}},
                    {"dirs"}),
      run_schema(), false));
  if (o.memory_map) {
    ordered_json map_output = {
        {"type", "object"},
        {"properties",
         {{"run", counter()},
          {"handle", counter()},
          {"width", counter()},
          {"height", counter()},
          {"position", cell_schema()},
          {"from", cell_schema()},
          {"to", cell_schema()},
          {"rows", {{"type", "array"}, {"items", {{"type", "string"}}}}},
          {"visits",
           {{"type", "object"},
            {"properties", {{"cells", counter()}, {"most", counter()}, {"ten_or_more", counter()}}},
            {"required", {"cells", "most", "ten_or_more"}}}}}},
        {"required",
         {"run", "handle", "width", "height", "position", "from", "to", "rows", "visits"}}};
    ordered_json map_input = object_schema(
        {{"run", run_argument()},
         {"radius",
          {{"type", "integer"},
           {"minimum", 1},
           {"maximum", 40},
           {"description",
            "Show the cells up to this far from the drone (default: the whole maze up to 40x40, "
            "else 12)"}}}});
    tools.push_back(tool(tool_names::memory_map, "Memory map",
                         "The drone's memory as an ASCII map, north up: the cells it stood on "
                         "with how many times it stood there, @ where it is, walls (--- and |), "
                         "open sides (blank), sides not known (?) and fog (#) for the cells "
                         "never sensed. Costs no move.",
                         map_input, map_output, true));
  }
  tools.push_back(tool(tool_names::status, "Status",
                       "The run's state and, once it has ended, its result: score (steps + "
                       "bumps), optimal (the shortest path), efficiency (optimal / score) and "
                       "the replay's address. Asks the server nothing; costs no move.",
                       run_only, run_schema(), true));
  tools.push_back(tool(tool_names::abandon, "Abandon the run",
                       "Ends the run in play as abandoned (it counts as not found).", run_only,
                       run_schema(), false, true));
  if (o.ranked) {
    ordered_json challenge_list = {
        {"type", "object"},
        {"properties",
         {{"competition", {{"type", "string"}}},
          {"challenges",
           {{"type", "array"},
            {"items",
             {{"type", "object"},
              {"properties",
               {{"id", {{"type", "string"}}},
                {"width", counter()},
                {"height", counter()},
                {"attempts_left", counter()}}},
              {"required", {"id", "width", "height", "attempts_left"}}}}}}}},
        {"required", {"competition", "challenges"}}};
    tools.push_back(tool(tool_names::list_challenges, "List the challenges",
                         "The competition's challenges as they stand for this competitor: size, "
                         "attempts left, best mark so far.",
                         object_schema(ordered_json::object()), challenge_list, true));
  }
  return tools;
}

std::string play_instructions(const catalog_options& o) {
  std::string text =
      "You fly a drone in a hidden grid maze and must find the treasure. You never see the "
      "map: you sense only which sides of the cell you stand on are open (N, E, S, W). (0, 0) "
      "is the south-west cell, x grows east, y grows north. Every move counts, walking back "
      "included, and a move into a wall (a bump) counts too: the score is steps + bumps, "
      "lower is better, and efficiency is the shortest path / score. Call start_run, then "
      "move (or move_path along a known way) until the run ends; sense and status cost "
      "nothing.";
  text += o.memory_map ? " memory_map shows what you have sensed so far."
                       : " There is no map: remember where you have been yourself.";
  if (o.ranked) text += " list_challenges shows the competition's challenges.";
  return text;
}

}  // namespace ariadne::mcp
