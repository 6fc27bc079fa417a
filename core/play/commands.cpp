#include "core/play/commands.hpp"

namespace ariadne {

drone_state state_of(const run& r) {
  drone_state s;
  s.run = r.id();
  s.position = r.position();
  s.open = r.open_mask();
  s.treasure = r.treasure_here();
  s.steps = r.steps();
  s.bumps = r.bumps();
  s.found = r.found();
  s.treasures = r.treasures();
  if (!r.active()) s.result = r.result();
  return s;
}

drone_state start_state(const run& r) {
  drone_state s = state_of(r);
  s.width = r.maze().width();
  s.height = r.maze().height();
  s.seed = r.seed();
  s.max_steps = r.max_steps();
  s.maze = r.source().label();
  return s;
}

drone_state apply(run& r, const run_command& command, run::clock::time_point now) {
  const bool timed_out = r.expire_if_due(now);
  switch (command.type) {
    case run_command::kind::move: {
      const bool moved = !timed_out && r.move(command.dir).moved;
      drone_state s = state_of(r);
      s.moved = moved;
      return s;
    }
    case run_command::kind::path: {
      const std::uint32_t done = timed_out ? 0 : r.follow(command.dirs);
      drone_state s = state_of(r);
      s.done = done;
      return s;
    }
    case run_command::kind::abandon:
      r.abandon();
      break;
    case run_command::kind::sense:
      break;
  }
  return state_of(r);
}

}  // namespace ariadne
