#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "core/model/run_status.hpp"
#include "core/model/wire_names.hpp"

namespace ariadne {

// Where a ranked run stands in the competition's books: in play, ended as a
// run ends, or interrupted (given back: its attempt is played again, and it
// counts for nothing). The stores keep the names as text; everything else
// holds the value.
enum class ranked_status : std::uint8_t {
  in_play,
  found,
  exhausted,
  abandoned,
  timeout,
  interrupted,
  count  // not a status
};

inline constexpr wire_names<ranked_status> ranked_status_names({"in_play", "found", "exhausted",
                                                                "abandoned", "timeout",
                                                                "interrupted"});
static_assert(ranked_status_names.complete(), "every ranked status needs its own name");

constexpr std::string_view to_string(ranked_status status) {
  return ranked_status_names.name(status);
}

// The one answer to "does this run count?": every run but one given back
// (its attempt is used while it is in play, and marked once it has ended).
constexpr bool counts(ranked_status status) {
  return status != ranked_status::interrupted;
}

// The one answer to "has this run ended, with a result that counts?".
constexpr bool ended(ranked_status status) {
  return counts(status) && status != ranked_status::in_play;
}

// A run's status as the books keep it: in play while it is active.
constexpr ranked_status ranked_status_of(run_status status) {
  switch (status) {
    case run_status::found:
      return ranked_status::found;
    case run_status::exhausted:
      return ranked_status::exhausted;
    case run_status::abandoned:
      return ranked_status::abandoned;
    case run_status::timeout:
      return ranked_status::timeout;
    case run_status::active:
    case run_status::count:
      break;
  }
  return ranked_status::in_play;
}

// How an ended ranked run ended, as the rules say it (nullopt while in play
// or once given back).
constexpr std::optional<run_status> run_status_of(ranked_status status) {
  switch (status) {
    case ranked_status::found:
      return run_status::found;
    case ranked_status::exhausted:
      return run_status::exhausted;
    case ranked_status::abandoned:
      return run_status::abandoned;
    case ranked_status::timeout:
      return run_status::timeout;
    case ranked_status::in_play:
    case ranked_status::interrupted:
    case ranked_status::count:
      break;
  }
  return std::nullopt;
}

}  // namespace ariadne
