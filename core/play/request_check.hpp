#pragma once

#include <optional>

#include "core/model/request_error.hpp"
#include "core/model/run_command.hpp"
#include "core/model/run_request.hpp"

namespace ariadne {

// Why a maze request cannot be played, or nullopt: a name together with
// generator fields, an unknown generator, a size or loops outside
// core/model/limits.hpp. ariadne-maze checks its options through here too.
std::optional<request_error> check_maze(const maze_request& maze);

// The same for a whole start request: every field's range in the order the
// codec reads them (maze name, generator, width, height, seed, loops,
// treasures, max_steps, reuse_walls_removed, time_limit_ms), then what no
// single field shows. Every start, from a socket or from an in-process drone,
// is checked here.
std::optional<request_error> check_request(const run_request& request);

// Why a run command cannot be played whatever the run (a path of no or too
// many letters), or nullopt.
std::optional<request_error> check_command(const run_command& command);

}  // namespace ariadne
