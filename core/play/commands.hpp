#pragma once

#include "core/game/run.hpp"
#include "core/model/drone_state.hpp"
#include "core/model/run_command.hpp"

namespace ariadne {

// What the drone of run r may know, as a state (no start fields).
drone_state state_of(const run& r);

// The state that answers the start of r: state_of(r) with the size, seed,
// move limit and maze name.
drone_state start_state(const run& r);

// Plays one run command (sense, move, path or abandon) on r and returns the
// state reply, first ending the run as timed out when its limit has passed.
// The one place a command is applied: the server and in-process drones both
// answer through here, so they agree step for step. Allocates nothing.
drone_state apply(run& r, const run_command& command, run::clock::time_point now);

}  // namespace ariadne
