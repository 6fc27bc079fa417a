#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/maze/direction.hpp"
#include "core/model/drone_state.hpp"
#include "core/model/errc.hpp"
#include "core/model/limits.hpp"
#include "core/model/paint.hpp"
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
  std::optional<std::string> token{};  // a competitor's, for ranked runs
  // The client's bot and version, as the pages and replays show it
  // ("ariadne-bot/frontier 0.1.0"); a label, never checked.
  std::optional<std::string> bot{};
};

using start_message = run_request;

// A ranked start: the challenge sets the maze and every run option.
struct challenge_start_message {
  std::string challenge;
};

// Asks for the competition's challenges again.
struct challenges_message {};

struct sense_message {};

struct move_message {
  direction dir = direction::north;
};

struct path_message {
  std::vector<direction> dirs;
};

struct abandon_message {};

// Paints cells, after erasing every mark when clear; log: a line for the
// bot's log (empty: none).
struct paint_message {
  bool clear = false;
  std::vector<paint_mark> cells;
  std::string log;
};

using client_message =
    std::variant<hello_message, start_message, sense_message, move_message, path_message,
                 abandon_message, challenge_start_message, challenges_message, paint_message>;

// Server -> client.

// One challenge as a competitor sees it: never its seeds.
struct challenge_info {
  std::string id;
  std::int32_t width = 0;
  std::int32_t height = 0;
  std::uint32_t treasures = 1;
  std::optional<std::uint64_t> max_steps;
  std::optional<std::uint64_t> time_limit_ms;
  double weight = 1;
  std::uint32_t attempts = 1;
  std::uint32_t attempts_left = 1;
  std::optional<double> best;  // the competitor's best ratio so far
  // How the challenge is marked (docs/competition.md), and the competitor's
  // mark by that rule so far (null before its first result).
  std::uint32_t mazes = 1;
  std::string keep = "all";
  std::optional<double> mark;
  // While an attempt's set is under way: the maze of it the next start
  // deals (2 .. mazes); that start continues the attempt, using none.
  std::optional<std::uint32_t> next_maze;

  friend bool operator==(const challenge_info&, const challenge_info&) = default;
};

struct competition_info {
  std::string name;
  std::optional<std::string> opens_at;  // RFC 3339, UTC
  std::optional<std::string> closes_at;
  // A short message from the organizer (ariadne-admin announce), if any.
  std::optional<std::string> announcement;
  std::vector<challenge_info> challenges;

  friend bool operator==(const competition_info&, const competition_info&) = default;
};

struct welcome_message {
  int protocol = version;
  std::string server;
  std::string session;
  // With a competitor's token:
  std::optional<std::string> competitor{};
  std::optional<competition_info> competition{};
  std::optional<drone_state> state{};  // a ranked run taken over, in play
};

using state_message = drone_state;
using error_message = request_error;

struct challenges_reply {
  std::vector<challenge_info> challenges;
};

// A paint was taken: `marks`, the cells the run's paint now marks.
struct painted_reply {
  std::uint64_t marks = 0;
};

using server_message =
    std::variant<welcome_message, state_message, error_message, challenges_reply, painted_reply>;

}  // namespace ariadne::protocol
