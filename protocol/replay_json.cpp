#include "protocol/replay_json.hpp"

#include <limits>

#include <nlohmann/json.hpp>

#include "core/maze/format_error.hpp"
#include "protocol/codec.hpp"
#include "protocol/maze_json.hpp"

namespace ariadne {
namespace {

using json = nlohmann::json;

// Raised by the readers below, caught in read_replay.
struct replay_problem {
  std::string message;
};

[[noreturn]] void reject(std::string message) {
  throw replay_problem{std::move(message)};
}

const json& member(const json& object, const char* key) {
  if (!object.is_object() || !object.contains(key)) {
    reject(std::string("\"") + key + "\" is missing");
  }
  return object[key];
}

template <typename T>
T whole(const json& object, const char* key) {
  const json& value = member(object, key);
  if (!value.is_number_integer()) reject(std::string("\"") + key + "\" must be a whole number");
  if (value.is_number_unsigned()) {
    const auto v = value.get<std::uint64_t>();
    if (v > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) {
      reject(std::string("\"") + key + "\" is out of range");
    }
    return static_cast<T>(v);
  }
  const auto v = value.get<std::int64_t>();
  if (v < static_cast<std::int64_t>(std::numeric_limits<T>::min()) ||
      (v > 0 &&
       static_cast<std::uint64_t>(v) > static_cast<std::uint64_t>(std::numeric_limits<T>::max()))) {
    reject(std::string("\"") + key + "\" is out of range");
  }
  return static_cast<T>(v);
}

std::string text(const json& object, const char* key) {
  const json& value = member(object, key);
  if (!value.is_string()) reject(std::string("\"") + key + "\" must be a string");
  return value.get<std::string>();
}

json cell_json(cell c) {
  return {{"x", c.x}, {"y", c.y}};
}

cell read_cell(const json& j, const grid& g, const char* what) {
  const cell c{whole<std::int32_t>(j, "x"), whole<std::int32_t>(j, "y")};
  if (!g.contains(c)) reject(std::string(what) + " is outside the maze");
  return c;
}

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
  std::string result;
  protocol::append_result(result, replay.result);
  const json doc = {{"format", "ariadne-replay"},
                    {"version", 1},
                    {"run", replay.run},
                    {"player", replay.player},
                    {"label", replay.label},
                    {"started_at", replay.started_at},
                    {"source", std::move(source)},
                    {"maze", json::parse(write_maze_json(setup.layout))},
                    {"walls_sha256", replay.walls_sha256},
                    {"options",
                     {{"treasures", setup.options.treasures},
                      {"reuse_walls_removed", setup.options.reuse_walls_removed},
                      {"max_steps", replay.max_steps},
                      {"bump_penalty", setup.options.bump_penalty}}},
                    {"moves", replay.moves},
                    {"treasures", std::move(treasures)},
                    {"walls_removed", std::move(removed)},
                    {"result", json::parse(result)}};
  return doc.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

std::optional<replay_document> read_replay(std::string_view text_in, std::string& error) {
  const json doc = json::parse(text_in, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) {
    error = "a replay is a JSON object";
    return std::nullopt;
  }
  try {
    if (text(doc, "format") != "ariadne-replay") reject("\"format\" must be \"ariadne-replay\"");
    if (whole<int>(doc, "version") != 1) reject("only version 1 of the replay format is known");
    replay_document replay;
    replay.run = whole<std::uint64_t>(doc, "run");
    replay.player = text(doc, "player");
    replay.label = text(doc, "label");
    replay.started_at = text(doc, "started_at");
    replay_setup& setup = replay.setup;
    try {
      setup.layout = read_maze_json(member(doc, "maze").dump());
    } catch (const format_error& e) {
      reject(std::string("\"maze\": ") + e.what());
    }
    const grid& g = setup.layout.walls;
    const json& source = member(doc, "source");
    setup.seed = whole<std::uint64_t>(source, "seed");
    if (source.contains("name")) {
      setup.source.name = text(source, "name");
      if (setup.source.name.empty()) reject("\"name\" must not be empty");
    } else {
      maze_spec& spec = setup.source.spec;
      spec.generator = text(source, "generator");
      spec.width = whole<std::int32_t>(source, "width");
      spec.height = whole<std::int32_t>(source, "height");
      const json& loops = member(source, "loops");
      if (!loops.is_number()) reject("\"loops\" must be a number");
      spec.loops = loops.get<double>();
      spec.seed = setup.seed;
      if (spec.width != g.width() || spec.height != g.height()) {
        reject("the source's size is not the maze's");
      }
    }
    replay.walls_sha256 = text(doc, "walls_sha256");
    const json& options = member(doc, "options");
    setup.options.treasures = whole<std::uint32_t>(options, "treasures");
    setup.options.reuse_walls_removed = whole<std::uint32_t>(options, "reuse_walls_removed");
    replay.max_steps = whole<std::uint64_t>(options, "max_steps");
    setup.options.max_steps = replay.max_steps;
    setup.options.bump_penalty = whole<std::uint32_t>(options, "bump_penalty");
    replay.moves = text(doc, "moves");
    const json& treasures = member(doc, "treasures");
    if (!treasures.is_array()) reject("\"treasures\" must be an array of cells");
    for (const json& c : treasures)
      replay.trace.treasures.push_back(read_cell(c, g, "a treasure"));
    const json& removed = member(doc, "walls_removed");
    if (!removed.is_array()) reject("\"walls_removed\" must be an array of arrays of walls");
    for (const json& list : removed) {
      if (!list.is_array()) reject("\"walls_removed\" must be an array of arrays of walls");
      auto& walls = replay.trace.walls_removed.emplace_back();
      for (const json& w : list) {
        const std::string side = text(w, "side");
        const auto d = side.size() == 1 ? direction_from_letter(side[0]) : std::nullopt;
        if (!d) reject("a wall's \"side\" must be N, E, S or W");
        walls.push_back(wall{read_cell(w, g, "a fallen wall"), *d});
      }
    }
    auto result = protocol::parse_result(member(doc, "result").dump());
    if (auto* problem = std::get_if<protocol::parse_error>(&result)) {
      reject("\"result\": " + problem->message);
    }
    replay.result = std::get<run_result>(result);
    return replay;
  } catch (const replay_problem& problem) {
    error = problem.message;
  }
  return std::nullopt;
}

}  // namespace ariadne
