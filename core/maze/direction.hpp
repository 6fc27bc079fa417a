#pragma once

#include <array>
#include <cstdint>
#include <optional>

namespace ariadne {

// The four compass directions; y grows north, x grows east.
enum class direction : std::uint8_t { north = 0, east = 1, south = 2, west = 3 };

inline constexpr std::array<direction, 4> all_directions = {direction::north, direction::east,
                                                            direction::south, direction::west};

constexpr direction opposite(direction d) {
  return static_cast<direction>((static_cast<unsigned>(d) + 2U) & 3U);
}

constexpr direction turn_right(direction d) {
  return static_cast<direction>((static_cast<unsigned>(d) + 1U) & 3U);
}

constexpr direction turn_left(direction d) {
  return static_cast<direction>((static_cast<unsigned>(d) + 3U) & 3U);
}

// True when the open-sides mask (bit k set for direction k: the drone's
// state, a cell's passages) opens d.
constexpr bool opens(unsigned mask, direction d) {
  return (mask & (1U << static_cast<unsigned>(d))) != 0;
}

constexpr int dx(direction d) {
  return d == direction::east ? 1 : d == direction::west ? -1 : 0;
}

constexpr int dy(direction d) {
  return d == direction::north ? 1 : d == direction::south ? -1 : 0;
}

// The wire letters of the directions, in direction order: defined once, read
// by to_char and direction_from_letter.
inline constexpr std::array<char, 4> direction_letters = {'N', 'E', 'S', 'W'};

constexpr char to_char(direction d) {
  return direction_letters[static_cast<unsigned>(d)];
}

// The direction of a wire letter, upper case only: 'N', 'E', 'S' or 'W'.
constexpr std::optional<direction> direction_from_letter(char c) {
  for (const direction d : all_directions) {
    if (direction_letters[static_cast<unsigned>(d)] == c) return d;
  }
  return std::nullopt;
}

}  // namespace ariadne
