#pragma once

#include <span>
#include <string>

#include "protocol/fast_command.hpp"
#include "protocol/messages.hpp"
#include "server/game/run.hpp"
#include "server/game/run_setup.hpp"

namespace ariadne::protocol {

result_status to_protocol(run_status status);

// The error reply for a run that could not be set up.
error_code to_protocol(setup_problem problem);

// What the drone of run r may know, as a state message (no start fields).
state_message state_of(const run& r);

// The reply to a start that created r.
state_message start_state(const run& r, std::string maze_label);

// Plays one run command (sense, move, path or abandon) on r and returns the
// state reply, first ending the run as timed out when its limit has passed.
// The server and in-process drones both answer through here, so they agree
// step for step.
state_message apply_command(run& r, const client_message& command, run::clock::time_point now);

// The same for a command read in place by parse_fast_command.
state_message apply_command(run& r, const command_view& command, run::clock::time_point now);

}  // namespace ariadne::protocol
