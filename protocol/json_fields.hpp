#pragma once

// Internal to protocol/: the one family of strict JSON field readers every
// reader here uses (client and server messages, the JSON maze, replays),
// with one exception type that never leaves protocol/'s .cpp files. Included
// by them only: it brings nlohmann/json.hpp.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "core/maze/cell.hpp"
#include "core/maze/grid.hpp"
#include "core/model/errc.hpp"
#include "protocol/text_excerpt.hpp"

namespace ariadne::protocol::detail {

using json = nlohmann::json;

// Raised by the readers below; each public reader catches it and turns it
// into its own answer (a parse_error, a format_error, a replay's error).
struct field_problem {
  errc code = errc::bad_request;
  std::string message;
};

[[noreturn]] inline void reject(errc code, std::string message) {
  throw field_problem{code, std::move(message)};
}
[[noreturn]] inline void reject(std::string message) {
  throw field_problem{errc::bad_request, std::move(message)};
}

// "a string", "a fraction", ...: what a value is, for error sentences.
const char* kind_of(const json& value);
// "\"key\"", quoted for error sentences.
std::string quoted(const char* key);

// The member, or nullptr when it is absent or null.
const json* field(const json& object, const char* key);
// The member; "\"key\" is missing" when it is absent or null.
const json& member(const json& object, const char* key);

// A whole number that fits Integer, never converted from a fraction or
// truncated: "\"key\" must be a whole number", "\"key\" is out of range".
template <typename Integer>
Integer integer_of(const json& value, const char* key) {
  if (value.is_number_unsigned()) {
    const auto v = value.get<std::uint64_t>();
    if (!std::in_range<Integer>(v)) reject(quoted(key) + " is out of range");
    return static_cast<Integer>(v);
  }
  if (value.is_number_integer()) {
    const auto v = value.get<std::int64_t>();
    if (!std::in_range<Integer>(v)) reject(quoted(key) + " is out of range");
    return static_cast<Integer>(v);
  }
  reject(quoted(key) + " must be a whole number");
}

template <typename Integer>
Integer integer_field(const json& object, const char* key) {
  return integer_of<Integer>(member(object, key), key);
}

template <typename Integer>
std::optional<Integer> optional_integer(const json& object, const char* key) {
  const json* value = field(object, key);
  if (value == nullptr) return std::nullopt;
  return integer_of<Integer>(*value, key);
}

bool bool_field(const json& object, const char* key);
std::string string_field(const json& object, const char* key);
std::optional<std::string> optional_string(const json& object, const char* key);
double number_field(const json& object, const char* key);

// A cell {"x": X, "y": Y} inside grid g; `what` names it in errors.
cell cell_field(const json& value, const grid& g, const char* what);
json cell_json(cell c);

}  // namespace ariadne::protocol::detail
