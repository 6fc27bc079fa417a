#pragma once

#include <cstdint>
#include <string_view>

namespace ariadne {

enum class run_status : std::uint8_t { active, found, exhausted, abandoned, timeout };

constexpr std::string_view to_string(run_status s) {
  switch (s) {
    case run_status::active:
      return "active";
    case run_status::found:
      return "found";
    case run_status::exhausted:
      return "exhausted";
    case run_status::abandoned:
      return "abandoned";
    case run_status::timeout:
      return "timeout";
  }
  return "active";
}

}  // namespace ariadne
