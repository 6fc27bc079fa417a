#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "core/maze/generators.hpp"
#include "core/model/limits.hpp"
#include "protocol/messages.hpp"

namespace CLI {
class App;
}

namespace ariadne {

// The maze a command-line client asks for, as ariadne-bot and ariadne-pipe
// both take it (--generator, --size, --loops, --treasures, --reuse-walls,
// --max-steps, --maze), with the rules' defaults.
struct maze_options {
  std::string generator{default_generator};
  std::string size = std::to_string(default_side) + "x" + std::to_string(default_side);
  double loops = limits::default_loops;
  std::uint32_t treasures = limits::default_treasures;
  std::uint32_t reuse_walls = limits::default_reuse_walls_removed;
  std::uint64_t max_steps = 0;  // 0: the rules' default
  std::string maze;             // a named maze instead of a generator

  // Adds the options to app; maze_help says where --maze names come from.
  void add_to(CLI::App& app, const std::string& maze_help);
  // The start request, with seed (nullopt: the server picks one); fields
  // left at their defaults are left out. Throws std::invalid_argument for a
  // --size that is not WxH.
  protocol::start_message request(std::optional<std::uint64_t> seed) const;
  // What no server would take, in the rules' own sentence (whether the maze
  // is generated or named: a value out of range is a mistake either way),
  // or nullopt.
  std::optional<std::string> problem(std::optional<std::uint64_t> seed) const;
};

// "WxH" as two whole numbers (their range is the rules' to judge), or
// nullopt for anything else ("16x16abc", "16", "x16").
std::optional<std::pair<std::int32_t, std::int32_t>> parse_size(std::string_view text);

}  // namespace ariadne
