#include "core/play/request_check.hpp"

#include <string>

#include "core/maze/generators.hpp"
#include "core/model/limits.hpp"

namespace ariadne {

namespace {

std::string shorten(std::string_view text, std::size_t max = 40) {
  if (text.size() <= max) return std::string(text);
  return std::string(text.substr(0, max)) + "...";
}

template <typename Value, typename Limit>
std::optional<request_error> check_field(const Limit& limit, const std::optional<Value>& value) {
  if (!value) return std::nullopt;
  return check(limit, *value);
}

}  // namespace

namespace {

// The ranges of the maze fields, in the order the codec reads them.
std::optional<request_error> check_maze_ranges(const maze_request& maze) {
  if (auto problem = check_field(limits::maze_name, maze.name)) return problem;
  if (auto problem = check_field(limits::generator, maze.generator)) return problem;
  const auto as_signed = [](const std::optional<std::int32_t>& side) {
    return side ? std::optional<std::int64_t>(*side) : std::nullopt;
  };
  if (auto problem = check_field(limits::width, as_signed(maze.width))) return problem;
  if (auto problem = check_field(limits::height, as_signed(maze.height))) return problem;
  if (auto problem = check_field(limits::seed, maze.seed)) return problem;
  return check_field(limits::loops, maze.loops);
}

// What no single field shows: an unknown generator, a name with generator fields.
std::optional<request_error> check_maze_sense(const maze_request& maze) {
  if (maze.generator && find_generator(*maze.generator) == nullptr) {
    return request_error{errc::invalid_maze,
                         "unknown generator '" + shorten(*maze.generator) +
                             "'; GET /api/generators (or ariadne-maze --list) names them"};
  }
  if (maze.name && (maze.generator || maze.width || maze.height || maze.loops)) {
    return request_error{errc::bad_request,
                         "a maze is either a \"name\" or generator fields (generator, width, "
                         "height, loops), not both"};
  }
  return std::nullopt;
}

}  // namespace

std::optional<request_error> check_maze(const maze_request& maze) {
  if (auto problem = check_maze_ranges(maze)) return problem;
  return check_maze_sense(maze);
}

std::optional<request_error> check_request(const run_request& request) {
  // Every range first, in the codec's order, so that a request with several
  // faults gets the same first error offline as from the server's codec.
  if (auto problem = check_maze_ranges(request.maze)) return problem;
  const auto widen = [](const std::optional<std::uint32_t>& v) {
    return v ? std::optional<std::uint64_t>(*v) : std::nullopt;
  };
  if (auto problem = check_field(limits::treasures, widen(request.treasures))) return problem;
  if (auto problem = check_field(limits::max_steps, request.max_steps)) return problem;
  if (auto problem = check_field(limits::reuse_walls_removed, widen(request.reuse_walls_removed))) {
    return problem;
  }
  if (auto problem = check_field(limits::time_limit_ms, request.time_limit_ms)) return problem;
  return check_maze_sense(request.maze);
}

std::optional<request_error> check_command(const run_command& command) {
  if (command.type != run_command::kind::path) return std::nullopt;
  return check_path_length(command.dirs.size());
}

}  // namespace ariadne
