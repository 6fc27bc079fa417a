#include "protocol/json_fields.hpp"

namespace ariadne::protocol::detail {

const char* kind_of(const json& value) {
  switch (value.type()) {
    case json::value_t::null:
      return "null";
    case json::value_t::boolean:
      return "a boolean";
    case json::value_t::string:
      return "a string";
    case json::value_t::array:
      return "an array";
    case json::value_t::object:
      return "an object";
    case json::value_t::number_float:
      return "a fraction";
    default:
      return "a number";
  }
}

std::string quoted(const char* key) {
  return std::string("\"") + key + "\"";
}

const json* field(const json& object, const char* key) {
  if (!object.is_object()) return nullptr;
  const auto it = object.find(key);
  if (it == object.end() || it->is_null()) return nullptr;
  return &*it;
}

const json& member(const json& object, const char* key) {
  const json* value = field(object, key);
  if (value == nullptr) reject(quoted(key) + " is missing");
  return *value;
}

bool bool_field(const json& object, const char* key) {
  const json& value = member(object, key);
  if (!value.is_boolean()) reject(quoted(key) + " must be a boolean");
  return value.get<bool>();
}

std::string string_field(const json& object, const char* key) {
  const json& value = member(object, key);
  if (!value.is_string()) reject(quoted(key) + " must be a string");
  return value.get<std::string>();
}

std::optional<std::string> optional_string(const json& object, const char* key) {
  if (field(object, key) == nullptr) return std::nullopt;
  return string_field(object, key);
}

double number_field(const json& object, const char* key) {
  const json& value = member(object, key);
  if (!value.is_number()) reject(quoted(key) + " must be a number");
  return value.get<double>();
}

cell cell_field(const json& value, const grid& g, const char* what) {
  if (!value.is_object()) {
    reject(std::string(what) + " must be an object {\"x\": X, \"y\": Y} of whole numbers");
  }
  const cell c{integer_field<std::int32_t>(value, "x"), integer_field<std::int32_t>(value, "y")};
  if (!g.contains(c)) {
    reject(std::string(what) + " (" + std::to_string(c.x) + ", " + std::to_string(c.y) +
           ") is outside the maze");
  }
  return c;
}

json cell_json(cell c) {
  return {{"x", c.x}, {"y", c.y}};
}

}  // namespace ariadne::protocol::detail
