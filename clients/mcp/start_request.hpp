#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <variant>

#include "clients/sdk/maze_options.hpp"
#include "protocol/client_reader.hpp"

namespace ariadne::mcp {

// The start message start_run's arguments ask for, the command line's maze
// (and --seed) filling what they leave out as maze_options::request fills
// and leaves out for every client. It is written as the protocol's
// JSON and read by the protocol's own reader, so that a value no field can
// hold, or a challenge with a maze beside it, is refused in the protocol's
// words; whether the maze can be played is the server's to judge.
std::variant<protocol::client_request, protocol::parse_error> start_request(
    const nlohmann::json& arguments, const maze_options& defaults,
    std::optional<std::uint64_t> seed);

// A run command ({"type": type, field: value}) read by the protocol's own
// reader, so that a bad path is refused in the protocol's words.
std::variant<protocol::client_request, protocol::parse_error> run_command(
    const char* type, const char* field, const nlohmann::json& value);

}  // namespace ariadne::mcp
