#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "core/model/drone_state.hpp"
#include "core/model/run_request.hpp"
#include "protocol/messages.hpp"

namespace ariadne {

// What a drone holds a server to. A client may play against a server it does
// not control: a reply that contradicts the maze it was told, or a run that
// never ends, ends the client with an error; it never makes a bot write
// outside its arrays or play forever.
struct drone_limits {
  // The largest maze (width x height) a drone accepts when its request did
  // not fix the size (a challenge, a named maze, the server's default size).
  std::uint64_t max_cells = std::uint64_t{1} << 24;
  // Moves in one run, whatever max_steps the server announces.
  std::uint64_t max_moves = 1'000'000'000;
  // One run, from its start reply to its end (the server's default limit).
  std::chrono::seconds max_run_time{3600};
};

// Why `first` cannot answer a start (`asked` is the request, or nullptr for
// a challenge), or nullopt when it can.
std::optional<std::string> check_start_reply(const drone_state& first, const run_request* asked,
                                             const drone_limits& limits);

// Why `next` cannot answer `sent` in a run of width x height whose last
// state was `before`, or nullopt when it can.
std::optional<std::string> check_reply(const drone_state& before, const drone_state& next,
                                       const protocol::client_message& sent, std::int32_t width,
                                       std::int32_t height);

}  // namespace ariadne
