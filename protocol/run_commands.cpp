#include "protocol/run_commands.hpp"

#include <algorithm>
#include <array>

namespace ariadne::protocol {

result_status to_protocol(run_status status) {
  switch (status) {
    case run_status::exhausted:
      return result_status::exhausted;
    case run_status::abandoned:
      return result_status::abandoned;
    case run_status::timeout:
      return result_status::timeout;
    default:
      return result_status::found;
  }
}

error_code to_protocol(setup_problem problem) {
  switch (problem) {
    case setup_problem::unknown_maze:
      return error_code::unknown_maze;
    case setup_problem::too_large:
      return error_code::too_large;
    case setup_problem::invalid_maze:
      break;
  }
  return error_code::invalid_maze;
}

state_message state_of(const run& r) {
  state_message s;
  s.run = r.id();
  s.position = r.position();
  s.open = r.open_mask();
  s.treasure = r.treasure_here();
  s.steps = r.steps();
  s.bumps = r.bumps();
  s.found = r.found();
  s.treasures = r.treasures();
  if (!r.active()) {
    const run_result result = r.result();
    s.result = result_info{
        to_protocol(result.status), result.steps, result.bumps, result.score,    result.optimal,
        result.efficiency,          result.seed,  result.found, result.treasures};
  }
  return s;
}

state_message start_state(const run& r, std::string maze_label) {
  state_message s = state_of(r);
  s.width = r.maze().width();
  s.height = r.maze().height();
  s.seed = r.seed();
  s.max_steps = r.max_steps();
  s.maze = std::move(maze_label);
  return s;
}

namespace {

enum class command_kind { sense, move, path, abandon };

// The one place a run command is played and answered.
state_message play(run& r, command_kind kind, direction dir, std::span<const direction> dirs,
                   run::clock::time_point now) {
  const bool timed_out = r.expire_if_due(now);
  switch (kind) {
    case command_kind::move: {
      const bool moved = !timed_out && r.move(dir).moved;
      state_message s = state_of(r);
      s.moved = moved;
      return s;
    }
    case command_kind::path: {
      const std::uint32_t done = timed_out ? 0 : r.follow(dirs);
      state_message s = state_of(r);
      s.done = done;
      return s;
    }
    case command_kind::abandon:
      r.abandon();
      break;
    case command_kind::sense:
      break;
  }
  return state_of(r);
}

}  // namespace

state_message apply_command(run& r, const client_message& command, run::clock::time_point now) {
  if (const auto* move = std::get_if<move_message>(&command)) {
    return play(r, command_kind::move, move->dir, {}, now);
  }
  if (const auto* path = std::get_if<path_message>(&command)) {
    return play(r, command_kind::path, direction::north, path->dirs, now);
  }
  if (std::holds_alternative<abandon_message>(command)) {
    return play(r, command_kind::abandon, direction::north, {}, now);
  }
  return play(r, command_kind::sense, direction::north, {}, now);
}

state_message apply_command(run& r, const command_view& command, run::clock::time_point now) {
  switch (command.type) {
    case command_view::kind::move:
      return play(r, command_kind::move, command.dir, {}, now);
    case command_view::kind::path: {
      // Letters to directions on the stack: the hot path allocates nothing.
      std::array<direction, 4096> dirs{};
      const std::size_t count = std::min(command.dirs.size(), dirs.size());
      for (std::size_t i = 0; i < count; ++i)
        dirs[i] = *direction_from_letter(command.dirs[i]);
      return play(r, command_kind::path, direction::north, std::span(dirs.data(), count), now);
    }
    case command_view::kind::abandon:
      return play(r, command_kind::abandon, direction::north, {}, now);
    case command_view::kind::sense:
      break;
  }
  return play(r, command_kind::sense, direction::north, {}, now);
}

}  // namespace ariadne::protocol
