#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "core/model/whole_number.hpp"

namespace ariadne {

// The numbers in request targets, read one way: /api/replays/{run},
// /watch/{run}, /spectate/{run}[?from=SEQ]. Header-only: the http_target
// fuzzer reads targets with these alone.

// The run number of a target whose path is prefix then a whole number (the
// query ignored), or nullopt.
inline std::optional<std::uint64_t> run_of(std::string_view target, std::string_view prefix) {
  const std::string_view path = target.substr(0, target.find('?'));
  if (!path.starts_with(prefix)) return std::nullopt;
  return parse_whole<std::uint64_t>(path.substr(prefix.size()));
}

// /spectate/{run}[?from=SEQ]: the run and where the stream starts.
struct spectate_target {
  std::uint64_t run = 0;
  std::uint64_t from = 0;
};
// What refuses a target before the upgrade: an HTTP status and its sentence.
struct target_refusal {
  unsigned status = 400;
  std::string text;
};

inline std::variant<spectate_target, target_refusal> read_spectate_target(std::string_view target) {
  const auto run = run_of(target, "/spectate/");
  if (!run) return target_refusal{404, "no such run: /spectate/ takes a run number"};
  spectate_target read{*run, 0};
  if (const std::size_t query = target.find('?'); query != std::string_view::npos) {
    const std::string_view q = target.substr(query + 1);
    const auto seq =
        q.starts_with("from=") ? parse_whole<std::uint64_t>(q.substr(5)) : std::nullopt;
    if (!seq) return target_refusal{400, "the only query is from=SEQ, a whole number"};
    read.from = *seq;
  }
  return read;
}

}  // namespace ariadne
