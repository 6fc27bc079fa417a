#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace ariadne {

// The maze a run asks for: either a named maze from the server's catalog, or
// generator fields; absent fields take the defaults of core/model/limits.hpp.
struct maze_request {
  std::optional<std::string> name;
  std::optional<std::string> generator;
  std::optional<std::int32_t> width;
  std::optional<std::int32_t> height;
  std::optional<std::uint64_t> seed;
  std::optional<double> loops;

  friend bool operator==(const maze_request&, const maze_request&) = default;
};

// What a player asks for when starting a run (the protocol's start message).
// core/play checks it against the limits and fills in the defaults.
struct run_request {
  maze_request maze;
  std::optional<std::uint32_t> treasures;
  std::optional<std::uint64_t> max_steps;
  std::optional<std::uint32_t> reuse_walls_removed;
  std::optional<std::uint64_t> time_limit_ms;

  friend bool operator==(const run_request&, const run_request&) = default;
};

}  // namespace ariadne
