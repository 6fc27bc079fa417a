#pragma once

#include <cstdint>
#include <string_view>

#include "core/model/wire_names.hpp"

namespace ariadne {

// Why a request was refused: the `code` of the protocol's error reply. The
// rules (core/play), the server and every client share this one list.
enum class errc : std::uint8_t {
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
  unauthorized,
  unknown_challenge,
  no_attempts_left,
  competition_not_open,
  competition_closed,
  count  // not a code
};

inline constexpr wire_names<errc> errc_names(
    {"bad_json", "bad_request", "unknown_type", "hello_required", "no_run", "run_active",
     "invalid_maze", "unknown_maze", "too_large", "rate_limited", "server_busy", "unauthorized",
     "unknown_challenge", "no_attempts_left", "competition_not_open", "competition_closed"});
static_assert(errc_names.complete(), "every error code needs its own wire name");

constexpr std::string_view to_string(errc code) {
  return errc_names.name(code);
}

}  // namespace ariadne
