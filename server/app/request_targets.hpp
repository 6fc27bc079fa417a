#pragma once

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "core/model/whole_number.hpp"
#include "server/net/http_answer.hpp"

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

// /spectate/{run}[?from=SEQ[&boot=HEX]]: the run, where the stream starts,
// and the server start the spectator saw it on (its snapshot's boot).
struct spectate_target {
  std::uint64_t run = 0;
  std::uint64_t from = 0;
  std::optional<std::uint64_t> boot;
};

inline std::variant<spectate_target, target_refusal> read_spectate_target(std::string_view target) {
  const auto run = run_of(target, "/spectate/");
  if (!run) return target_refusal{404, "no such run: /spectate/ takes a run number"};
  spectate_target read{*run, 0, std::nullopt};
  if (const std::size_t query = target.find('?'); query != std::string_view::npos) {
    std::string_view q = target.substr(query + 1);
    const target_refusal bad{400,
                             "the query is from=SEQ (a whole number), then optionally "
                             "&boot=BOOT (16 hex digits)"};
    const std::size_t amp = q.find('&');
    const std::string_view boot = amp == std::string_view::npos ? "" : q.substr(amp + 1);
    q = q.substr(0, amp);
    const auto seq =
        q.starts_with("from=") ? parse_whole<std::uint64_t>(q.substr(5)) : std::nullopt;
    if (!seq) return bad;
    read.from = *seq;
    if (amp != std::string_view::npos) {
      // Exactly as the snapshot writes it: 16 lower-case hex digits.
      const std::string_view hex = boot.substr(std::min<std::size_t>(boot.size(), 5));
      std::uint64_t value = 0;
      if (!boot.starts_with("boot=") || hex.size() != 16 ||
          hex.find_first_not_of("0123456789abcdef") != std::string_view::npos ||
          std::from_chars(hex.data(), hex.data() + hex.size(), value, 16).ec != std::errc{}) {
        return bad;
      }
      read.boot = value;
    }
  }
  return read;
}

}  // namespace ariadne
