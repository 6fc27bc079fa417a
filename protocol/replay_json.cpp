#include "protocol/replay_json.hpp"

#include "protocol/json_values.hpp"
#include "protocol/paint_json.hpp"

namespace ariadne::protocol {

namespace {

using namespace detail;

}  // namespace

std::string write_replay(const replay_document& replay) {
  const replay_setup& setup = replay.setup;
  json source = json::object();
  if (setup.source.generated()) {
    source = {{"generator", setup.source.spec.generator},
              {"width", setup.source.spec.width},
              {"height", setup.source.spec.height},
              {"loops", setup.source.spec.loops},
              {"seed", setup.seed}};
  } else {
    source = {{"name", setup.source.name}, {"seed", setup.seed}};
  }
  json treasures = json::array();
  for (const cell c : replay.trace.treasures)
    treasures.push_back(cell_json(c));
  json removed = json::array();
  for (const auto& walls : replay.trace.walls_removed) {
    json list = json::array();
    for (const wall& w : walls) {
      list.push_back({{"x", w.at.x}, {"y", w.at.y}, {"side", std::string(1, to_char(w.side))}});
    }
    removed.push_back(std::move(list));
  }
  const json doc = {{"format", "ariadne-replay"},
                    {"version", 1},
                    {"run", replay.run},
                    {"player", replay.player},
                    {"bot", replay.bot.empty() ? json(nullptr) : json(replay.bot)},
                    {"label", replay.label},
                    {"started_at", replay.started_at},
                    {"source", std::move(source)},
                    {"maze", maze_json(setup.layout)},
                    {"walls_sha256", replay.walls_sha256},
                    {"options",
                     {{"treasures", setup.options.treasures},
                      {"reuse_walls_removed", setup.options.reuse_walls_removed},
                      {"max_steps", replay.max_steps},
                      {"bump_penalty", setup.options.bump_penalty}}},
                    {"moves", replay.moves},
                    {"treasures", std::move(treasures)},
                    {"walls_removed", std::move(removed)},
                    {"result", result_json(replay.result)},
                    {"paint", paint_events_json(replay.paint)}};
  return doc.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

std::optional<replay_document> read_replay(std::string_view text_in, std::string& error) {
  const json doc = json::parse(text_in, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) {
    error = "a replay is a JSON object";
    return std::nullopt;
  }
  try {
    if (string_field(doc, "format") != "ariadne-replay")
      reject("\"format\" must be \"ariadne-replay\"");
    if (integer_field<int>(doc, "version") != 1)
      reject("only version 1 of the replay format is known");
    replay_document replay;
    replay.run = integer_field<std::uint64_t>(doc, "run");
    replay.player = string_field(doc, "player");
    // Absent from replays written before bots named themselves.
    if (const json* bot = field(doc, "bot"); bot != nullptr && bot->is_string()) {
      replay.bot = bot->get<std::string>();
    }
    replay.label = string_field(doc, "label");
    replay.started_at = string_field(doc, "started_at");
    replay_setup& setup = replay.setup;
    try {
      setup.layout = read_maze(member(doc, "maze"));
    } catch (const field_problem& problem) {
      reject("\"maze\": " + problem.message);
    }
    const grid& g = setup.layout.walls;
    const json& source = member(doc, "source");
    setup.seed = integer_field<std::uint64_t>(source, "seed");
    if (source.contains("name")) {
      setup.source.name = string_field(source, "name");
      if (setup.source.name.empty()) reject("\"name\" must not be empty");
    } else {
      maze_spec& spec = setup.source.spec;
      spec.generator = string_field(source, "generator");
      spec.width = integer_field<std::int32_t>(source, "width");
      spec.height = integer_field<std::int32_t>(source, "height");
      const json& loops = member(source, "loops");
      if (!loops.is_number()) reject("\"loops\" must be a number");
      spec.loops = loops.get<double>();
      spec.seed = setup.seed;
      if (spec.width != g.width() || spec.height != g.height()) {
        reject("the source's size is not the maze's");
      }
    }
    replay.walls_sha256 = string_field(doc, "walls_sha256");
    const json& options = member(doc, "options");
    setup.options.treasures = integer_field<std::uint32_t>(options, "treasures");
    setup.options.reuse_walls_removed =
        integer_field<std::uint32_t>(options, "reuse_walls_removed");
    replay.max_steps = integer_field<std::uint64_t>(options, "max_steps");
    setup.options.max_steps = replay.max_steps;
    setup.options.bump_penalty = integer_field<std::uint32_t>(options, "bump_penalty");
    replay.moves = string_field(doc, "moves");
    const json& treasures = member(doc, "treasures");
    if (!treasures.is_array()) reject("\"treasures\" must be an array of cells");
    for (const json& c : treasures)
      replay.trace.treasures.push_back(cell_field(c, g, "a treasure"));
    const json& removed = member(doc, "walls_removed");
    if (!removed.is_array()) reject("\"walls_removed\" must be an array of arrays of walls");
    for (const json& list : removed) {
      if (!list.is_array()) reject("\"walls_removed\" must be an array of arrays of walls");
      auto& walls = replay.trace.walls_removed.emplace_back();
      for (const json& w : list) {
        const std::string side = string_field(w, "side");
        const auto d = side.size() == 1 ? direction_from_letter(side[0]) : std::nullopt;
        if (!d) reject("a wall's \"side\" must be N, E, S or W");
        walls.push_back(wall{cell_field(w, g, "a fallen wall"), *d});
      }
    }
    try {
      replay.result = read_result(member(doc, "result"));
    } catch (const field_problem& problem) {
      reject("\"result\": " + problem.message);
    }
    return replay;
  } catch (const field_problem& problem) {
    error = problem.message;
  }
  return std::nullopt;
}

}  // namespace ariadne::protocol
