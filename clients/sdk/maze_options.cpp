#include "clients/sdk/maze_options.hpp"

#include <CLI/CLI.hpp>

#include <stdexcept>

#include "core/model/whole_number.hpp"
#include "core/play/request_check.hpp"

namespace ariadne {

std::optional<std::pair<std::int32_t, std::int32_t>> parse_size(std::string_view text) {
  const auto x = text.find('x');
  if (x == std::string_view::npos) return std::nullopt;
  const auto width = parse_whole<std::int32_t>(text.substr(0, x));
  const auto height = parse_whole<std::int32_t>(text.substr(x + 1));
  if (!width || !height) return std::nullopt;
  return std::pair{*width, *height};
}

void maze_options::add_to(CLI::App& app, const std::string& maze_help) {
  // Ranges are the rules' own (core/model/limits.hpp), checked with the request.
  app.add_option("-g,--generator", generator, "Maze generator")->capture_default_str();
  app.add_option("--size", size, "Maze size WxH")->capture_default_str();
  app.add_option("--loops", loops, "Fraction of dead ends removed, 0 to 1")->capture_default_str();
  app.add_option("--treasures", treasures, "Treasures per run")->capture_default_str();
  app.add_option("--reuse-walls", reuse_walls, "Walls knocked down after each find");
  app.add_option("--max-steps", max_steps, "Move limit per run (default 10 x cells)");
  app.add_option("--maze", maze, maze_help);
}

protocol::start_message maze_options::request(std::optional<std::uint64_t> seed) const {
  protocol::start_message start;
  start.maze.seed = seed;
  if (!maze.empty()) {
    start.maze.name = maze;
  } else {
    const auto sides = parse_size(size);
    if (!sides) throw std::invalid_argument("--size must look like 32x32, got '" + size + "'");
    start.maze.generator = generator;
    start.maze.width = sides->first;
    start.maze.height = sides->second;
    if (loops != limits::default_loops) start.maze.loops = loops;
  }
  if (treasures != limits::default_treasures) start.treasures = treasures;
  if (reuse_walls != limits::default_reuse_walls_removed) start.reuse_walls_removed = reuse_walls;
  if (max_steps != 0) start.max_steps = max_steps;
  return start;
}

std::optional<std::string> maze_options::problem(std::optional<std::uint64_t> seed) const {
  maze_options generated = *this;
  generated.maze.clear();
  try {
    for (const auto& start : {generated.request(seed), request(seed)}) {
      if (auto refused = check_request(start)) return refused->message;
    }
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return std::nullopt;
}

}  // namespace ariadne
