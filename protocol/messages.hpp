#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "core/maze/direction.hpp"
#include "core/model/drone_state.hpp"
#include "core/model/errc.hpp"
#include "core/model/limits.hpp"
#include "core/model/request_error.hpp"
#include "core/model/run_request.hpp"

// Protocol v1: the messages a drone client and the server exchange as JSON
// text frames. One definition, shared by the server and every C++ client;
// protocol/PROTOCOL.md documents each message. Where a message carries game
// vocabulary (a start request, a state, an error), it is the core/model type
// itself, so nothing is copied field by field between the rules and the wire.
namespace ariadne::protocol {

inline constexpr int version = 1;

// Client -> server.

struct hello_message {
  std::string name{limits::default_player_name};
};

using start_message = run_request;

struct sense_message {};

struct move_message {
  direction dir = direction::north;
};

struct path_message {
  std::vector<direction> dirs;
};

struct abandon_message {};

using client_message = std::variant<hello_message, start_message, sense_message, move_message,
                                    path_message, abandon_message>;

// Server -> client.

struct welcome_message {
  int protocol = version;
  std::string server;
  std::string session;
};

using state_message = drone_state;
using error_message = request_error;

using server_message = std::variant<welcome_message, state_message, error_message>;

}  // namespace ariadne::protocol
