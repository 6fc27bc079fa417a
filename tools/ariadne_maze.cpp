// ariadne-maze: generate, convert, describe and draw mazes from the command line.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "core/maze/format_error.hpp"
#include "core/maze/generators.hpp"
#include "core/maze/maze_spec.hpp"
#include "core/maze/maze_stats.hpp"
#include "core/maze/micromouse_text.hpp"
#include "core/maze/num_format.hpp"
#include "core/maze/solver.hpp"
#include "core/maze/svg.hpp"
#include "core/model/limits.hpp"
#include "core/model/version.hpp"
#include "core/play/request_check.hpp"
#include "protocol/maze_json.hpp"

namespace {

using namespace ariadne;

constexpr const char* program = "ariadne-maze";

// A startup problem: reported as one line, exit code 2.
struct usage_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw usage_error("cannot open " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string detect_format(const std::string& path, const std::string& text) {
  auto ends_with = [&](std::string_view suffix) {
    return path.size() >= suffix.size() &&
           path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  if (ends_with(".num")) return "num";
  if (ends_with(".json")) return "json";
  if (ends_with(".txt") || ends_with(".maze")) return "text";
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) throw usage_error(path + " is empty");
  if (text[first] == '{') return "json";
  if (text[first] == 'o') return "text";
  return "num";
}

maze_layout read_layout(const std::string& path, std::string format) {
  const std::string text = read_file(path);
  if (format == "auto") format = detect_format(path, text);
  try {
    if (format == "text") return read_micromouse_text(text);
    if (format == "num") return read_num(text);
    return protocol::read_maze_json(text);
  } catch (const format_error& e) {
    throw usage_error(path + ": " + e.what());
  }
}

std::string describe(const maze_layout& layout) {
  const maze_stats stats = compute_stats(layout.walls);
  std::ostringstream out;
  out << "size: " << layout.walls.width() << "x" << layout.walls.height() << "\n"
      << "cells: " << stats.cells << "\n"
      << "passages: " << stats.passages << "\n"
      << "dead_ends: " << stats.dead_ends << "\n"
      << "components: " << stats.components << "\n"
      << "loops: " << stats.loops << "\n"
      << "perfect: " << (stats.perfect() ? "yes" : "no") << "\n"
      << "longest_path: " << stats.longest_path << (stats.longest_path_exact ? "" : " (at least)")
      << "\n";
  const cell start = layout.start.value_or(cell{0, 0});
  const auto reached = reachable_from(layout.walls, start);
  std::uint64_t count = 0;
  for (const auto r : reached)
    count += r;
  out << "reachable_from_start: " << count << "\n";
  for (const cell goal : layout.goals) {
    const auto route = shortest_path(layout.walls, start, goal);
    out << "goal (" << goal.x << ", " << goal.y << "): "
        << (route ? std::to_string(route->size()) + " steps from start"
                  : std::string("unreachable"))
        << "\n";
  }
  char hex[32];
  std::snprintf(hex, sizeof hex, "%016llx",
                static_cast<unsigned long long>(fingerprint(layout.walls)));
  out << "fingerprint: " << hex << "\n";
  return out.str();
}

int run(int argc, char** argv) {
  CLI::App app{"Generate, convert, describe and draw Ariadne mazes.", program};
  app.set_version_flag("--version", "ariadne-maze " + std::string(version));
  app.get_formatter()->column_width(34);

  maze_spec spec;
  bool list = false;
  bool stats = false;
  bool solve = false;
  std::string format = "text";
  std::string output;
  std::string input;
  std::string input_format = "auto";
  int cell_size = 16;
  std::string start_text;
  std::vector<std::string> goal_texts;

  app.add_flag("--list", list, "Print the generator names, one a line");
  app.add_option("-g,--generator", spec.generator, "Generator name (see --list)")
      ->capture_default_str();
  // Sizes and loops are checked by the rules' own limits (core/model/limits.hpp).
  app.add_option("-W,--width", spec.width, "Maze width in cells, " + describe_range(limits::width))
      ->capture_default_str();
  app.add_option("-H,--height", spec.height,
                 "Maze height in cells, " + describe_range(limits::height))
      ->capture_default_str();
  app.add_option("-s,--seed", spec.seed, "Random seed (same seed, same maze everywhere)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  app.add_option("-l,--loops", spec.loops, "Fraction of dead ends to remove, from 0 to 1")
      ->capture_default_str();
  app.add_option("-f,--format", format, "Output format")
      ->check(CLI::IsMember({"text", "num", "json", "svg"}))
      ->capture_default_str();
  app.add_option("-o,--output", output, "Write to FILE instead of standard output");
  auto* input_option =
      app.add_option("-i,--input", input, "Read a maze file instead of generating one")
          ->check(CLI::ExistingFile);
  app.add_option("--input-format", input_format, "Format of --input")
      ->check(CLI::IsMember({"auto", "text", "num", "json"}))
      ->capture_default_str();
  app.add_flag("--stats", stats, "Describe the maze (size, dead ends, loops, ...) instead");
  app.add_flag("--solve", solve,
               "SVG only: draw the shortest path from the start (or (0, 0)) to the first goal (or "
               "the north-east corner)");
  app.add_option("--start", start_text, "Mark the start cell X,Y (text, json and svg formats)");
  app.add_option("--goal", goal_texts, "Mark a goal cell X,Y; may be repeated");
  app.add_option("--cell-size", cell_size, "SVG cell size in pixels")
      ->check(CLI::Range(2, 256))
      ->capture_default_str();

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    throw usage_error(e.what());
  }

  if (list) {
    for (const auto& info : all_generators())
      std::cout << info.name << "\n";
    return 0;
  }
  if (solve && format != "svg") throw usage_error("--solve draws on a picture: use --format svg");

  // Checked even with --input: a value out of range is a mistake either way.
  const maze_request request{std::nullopt, spec.generator, spec.width,
                             spec.height,  spec.seed,      spec.loops};
  if (auto problem = check_maze(request)) throw usage_error(problem->message);
  maze_layout layout{grid(1, 1), std::nullopt, {}};
  if (*input_option) {
    layout = read_layout(input, input_format);
  } else {
    layout.walls = generate(spec);
  }

  auto parse_cell = [&](const std::string& text, const char* what) {
    cell c{};
    char comma = 0;
    std::istringstream in(text);
    if (!(in >> c.x >> comma >> c.y) || comma != ',' || !in.eof() || !layout.walls.contains(c)) {
      throw usage_error(std::string(what) + " must be a cell X,Y inside the maze, got '" + text +
                        "'");
    }
    return c;
  };
  if (!start_text.empty()) layout.start = parse_cell(start_text, "--start");
  for (const auto& goal : goal_texts)
    layout.goals.push_back(parse_cell(goal, "--goal"));

  std::string text;
  if (stats) {
    text = describe(layout);
  } else if (format == "text") {
    text = write_micromouse_text(layout);
  } else if (format == "num") {
    text = write_num(layout.walls);
  } else if (format == "json") {
    text = protocol::write_maze_json(layout);
  } else {
    svg_options options;
    options.cell_size = cell_size;
    if (solve) {
      const cell from = layout.start.value_or(cell{0, 0});
      const cell to = layout.goals.empty()
                          ? cell{layout.walls.width() - 1, layout.walls.height() - 1}
                          : layout.goals.front();
      const auto route = shortest_path(layout.walls, from, to);
      if (!route) throw usage_error("--solve: the goal cannot be reached from the start");
      options.path = cells_along(from, *route);
    }
    text = write_svg(layout, options);
  }

  if (output.empty()) {
    std::cout << text;
    std::cout.flush();
    if (!std::cout) throw usage_error("cannot write to standard output");
    return 0;
  }
  std::ofstream out(output, std::ios::binary);
  out << text;
  out.close();
  if (!out) throw usage_error("cannot write " + output);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << program << ": " << e.what() << "\n";
    return 2;
  }
}
