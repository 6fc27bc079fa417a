#pragma once

#include <array>
#include <optional>

#include "core/model/limits.hpp"
#include "core/model/run_command.hpp"
#include "protocol/fast_command.hpp"
#include "protocol/messages.hpp"

namespace ariadne::protocol {

// Room for the directions of the longest path a message may carry.
using path_buffer = std::array<direction, limits::path_letters.max>;

// The run command a client message carries (sense, move, path or abandon), or
// nullopt for hello and start. A path's directions stay in the message.
std::optional<run_command> command_of(const client_message& message);

// The run command of a message read in place by parse_fast_command; a path's
// letters become directions in buffer, so nothing is allocated.
run_command command_of(const command_view& view, path_buffer& buffer);

}  // namespace ariadne::protocol
