#include "protocol/run_commands.hpp"

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

state_message apply_command(run& r, const client_message& command, run::clock::time_point now) {
  const bool timed_out = r.expire_if_due(now);
  if (const auto* move = std::get_if<move_message>(&command)) {
    const bool moved = !timed_out && r.move(move->dir).moved;
    state_message s = state_of(r);
    s.moved = moved;
    return s;
  }
  if (const auto* path = std::get_if<path_message>(&command)) {
    const std::uint32_t done = timed_out ? 0 : r.follow(path->dirs);
    state_message s = state_of(r);
    s.done = done;
    return s;
  }
  if (std::holds_alternative<abandon_message>(command)) r.abandon();
  return state_of(r);
}

}  // namespace ariadne::protocol
