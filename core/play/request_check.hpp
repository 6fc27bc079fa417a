#pragma once

#include <optional>

#include "core/model/request_error.hpp"
#include "core/model/run_request.hpp"

namespace ariadne {

// Why a maze request cannot be played, or nullopt: a name together with
// generator fields, an unknown generator, a size or loops outside
// core/model/limits.hpp. ariadne-maze checks its options through here too.
std::optional<request_error> check_maze(const maze_request& maze);

// The same for a whole start request: the maze, then treasures, max_steps,
// reuse_walls_removed and time_limit_ms. Every start, from a socket or from
// an in-process drone, is checked here.
std::optional<request_error> check_request(const run_request& request);

}  // namespace ariadne
