#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "server/game/run_request.hpp"
#include "server/maze/cell.hpp"
#include "server/maze/direction.hpp"

// Protocol v1: the messages a drone client and the server exchange as JSON
// text frames. One definition, shared by the server and every C++ client;
// protocol/PROTOCOL.md documents each message.
namespace ariadne::protocol {

inline constexpr int version = 1;

enum class error_code : std::uint8_t {
  bad_json,
  bad_request,
  unknown_type,
  hello_required,
  no_run,
  run_active,
  invalid_maze,
  unknown_maze,
  too_large,
  rate_limited,
  server_busy,
};

std::string_view to_string(error_code code);
std::optional<error_code> error_code_from_string(std::string_view text);

// Client -> server.

struct hello_message {
  std::string name = "anonymous";
};

// The start message carries a run request, defined with the rules so that
// the server and in-process drones read it the same way.
using maze_request = ariadne::maze_request;
using start_message = ariadne::run_request;

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

enum class result_status : std::uint8_t { found, exhausted, abandoned, timeout };

std::string_view to_string(result_status status);
std::optional<result_status> result_status_from_string(std::string_view text);

struct result_info {
  result_status status = result_status::found;
  std::uint64_t steps = 0;
  std::uint64_t bumps = 0;
  std::uint64_t score = 0;
  std::uint64_t optimal = 0;
  double efficiency = 0.0;
  std::uint64_t seed = 0;
  std::uint32_t found = 0;
  std::uint32_t treasures = 0;
};

struct state_message {
  std::uint64_t run = 0;
  cell position;
  unsigned open = 0;  // bit k set when direction k (N, E, S, W) is open
  bool treasure = false;
  std::uint64_t steps = 0;
  std::uint64_t bumps = 0;
  std::uint32_t found = 0;
  std::uint32_t treasures = 0;
  std::optional<bool> moved;          // move replies
  std::optional<std::uint32_t> done;  // path replies
  // start replies
  std::optional<std::int32_t> width;
  std::optional<std::int32_t> height;
  std::optional<std::uint64_t> seed;
  std::optional<std::uint64_t> max_steps;
  std::optional<std::string> maze;    // generator or file name
  std::optional<result_info> result;  // once the run has ended

  friend bool operator==(const state_message&, const state_message&) = default;
};

struct error_message {
  error_code code = error_code::bad_request;
  std::string message;
};

using server_message = std::variant<welcome_message, state_message, error_message>;

inline bool operator==(const result_info& a, const result_info& b) {
  return a.status == b.status && a.steps == b.steps && a.bumps == b.bumps && a.score == b.score &&
         a.optimal == b.optimal && a.efficiency == b.efficiency && a.seed == b.seed &&
         a.found == b.found && a.treasures == b.treasures;
}

}  // namespace ariadne::protocol
