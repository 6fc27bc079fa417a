#pragma once

#include <cstdint>
#include <optional>

namespace ariadne {

// Where a ranked run stands in its attempt: maze `maze` of the `mazes` the
// attempt deals, one after another (competition mode). With the run's
// result it also says whether the attempt ended there, and then how it went.
struct set_position {
  std::uint32_t attempt = 0;
  std::uint32_t maze = 1;  // 1 .. mazes
  std::uint32_t mazes = 1;
  std::optional<bool> ended{};           // results only
  std::optional<std::uint32_t> found{};  // once ended: mazes found
  std::optional<double> mark{};          // once ended: the attempt's mark

  friend bool operator==(const set_position&, const set_position&) = default;
};

}  // namespace ariadne
