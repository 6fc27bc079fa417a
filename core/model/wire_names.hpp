#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace ariadne {

// The names a wire enum goes by, one per value in declaration order. Each
// such enum ends with `count` (not a value: the number of values), so a name
// table sized from it has an empty slot, and fails complete(), as soon as a
// value is added without its name.
template <typename Enum>
class wire_names {
 public:
  static constexpr std::size_t size = static_cast<std::size_t>(Enum::count);

  constexpr explicit wire_names(std::array<std::string_view, size> names) : names_(names) {}

  constexpr std::string_view name(Enum value) const {
    return names_[static_cast<std::size_t>(value)];
  }

  constexpr std::optional<Enum> parse(std::string_view text) const {
    for (std::size_t i = 0; i < size; ++i) {
      if (names_[i] == text) return static_cast<Enum>(i);
    }
    return std::nullopt;
  }

  // Every value has a name, and no two share one.
  constexpr bool complete() const {
    for (std::size_t i = 0; i < size; ++i) {
      if (names_[i].empty()) return false;
      for (std::size_t j = 0; j < i; ++j) {
        if (names_[i] == names_[j]) return false;
      }
    }
    return true;
  }

  constexpr const std::array<std::string_view, size>& all() const { return names_; }

 private:
  std::array<std::string_view, size> names_;
};

}  // namespace ariadne
