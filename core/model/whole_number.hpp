#pragma once

#include <charconv>
#include <optional>
#include <string_view>

namespace ariadne {

// The whole number `text` spells, all of it: decimal digits only (no sign,
// no space, nothing after), within T's range; nullopt for anything else.
// The one reader of numbers in paths, queries and command-line values.
template <typename T>
std::optional<T> parse_whole(std::string_view text) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string_view::npos) {
    return std::nullopt;
  }
  T value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace ariadne
