#pragma once

#include <cstdint>
#include <string_view>

#include "core/model/wire_names.hpp"

namespace ariadne {

// Where a run stands: in play, or how it ended. Results on the wire carry
// one of the ended statuses.
enum class run_status : std::uint8_t {
  active,
  found,
  exhausted,
  abandoned,
  timeout,
  count  // not a status
};

inline constexpr wire_names<run_status> run_status_names({"active", "found", "exhausted",
                                                          "abandoned", "timeout"});
static_assert(run_status_names.complete(), "every run status needs its own wire name");

constexpr std::string_view to_string(run_status status) {
  return run_status_names.name(status);
}

}  // namespace ariadne
