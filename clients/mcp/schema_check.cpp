#include "clients/mcp/schema_check.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "clients/mcp/mcp_dispatcher.hpp"

namespace ariadne::mcp {

using json = nlohmann::json;
using ordered_json = nlohmann::ordered_json;

namespace {

bool has_type(const json& value, const std::string& type) {
  if (type == "object") return value.is_object();
  if (type == "string") return value.is_string();
  if (type == "integer") return value.is_number_integer();
  if (type == "number") return value.is_number();
  if (type == "boolean") return value.is_boolean();
  if (type == "array") return value.is_array();
  return false;
}

// Characters as JSON Schema counts them: code points (the text is UTF-8).
std::size_t characters(const std::string& text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xc0U) != 0x80U;
  }));
}

std::string with_article(const std::string& type) {
  return (type == "integer" || type == "object" || type == "array" ? "an " : "a ") + type;
}

std::optional<std::string> check(const json& value, const ordered_json& schema,
                                 const std::string& where) {
  if (const auto type = schema.find("type"); type != schema.end()) {
    const auto& name = type->get_ref<const std::string&>();
    if (!has_type(value, name)) return where + " must be " + with_article(name);
  }
  if (value.is_number()) {
    const double number = value.get<double>();
    const auto low = schema.find("minimum");
    const auto high = schema.find("maximum");
    const bool below = low != schema.end() && number < low->get<double>();
    const bool above = high != schema.end() && number > high->get<double>();
    // In the rules' words when both ends are known: "\"width\" must be from 1 to 8192, got 0".
    if ((below || above) && low != schema.end() && high != schema.end()) {
      return where + " must be from " + low->dump() + " to " + high->dump() + ", got " +
             value.dump();
    }
    if (below) return where + " must be at least " + low->dump();
    if (above) return where + " must be at most " + high->dump();
  }
  if (value.is_string()) {
    if (const auto options = schema.find("enum"); options != schema.end()) {
      const auto& text = value.get_ref<const std::string&>();
      const bool listed_option = std::any_of(options->begin(), options->end(), [&](const auto& o) {
        return o.is_string() && o.template get_ref<const std::string&>() == text;
      });
      if (!listed_option) {
        std::string listed;
        for (const auto& option : *options)
          listed += (listed.empty() ? "" : ", ") + option.dump();
        return where + " must be one of " + listed;
      }
    }
    const auto shortest = schema.find("minLength");
    const auto longest = schema.find("maxLength");
    const std::size_t length = characters(value.get_ref<const std::string&>());
    if ((shortest != schema.end() && length < shortest->get<std::size_t>()) ||
        (longest != schema.end() && length > longest->get<std::size_t>())) {
      return where + " must be " + (shortest != schema.end() ? shortest->dump() : "0") + " to " +
             (longest != schema.end() ? longest->dump() : "any number of") + " characters long";
    }
  }
  if (!value.is_object()) return std::nullopt;
  const auto properties = schema.find("properties");
  if (const auto required = schema.find("required"); required != schema.end()) {
    for (const auto& name : *required) {
      if (!value.contains(name.get<std::string>())) {
        return "the argument \"" + name.get<std::string>() + "\" is missing";
      }
    }
  }
  for (const auto& [name, item] : value.items()) {
    const bool known = properties != schema.end() && properties->contains(name);
    if (!known) {
      const auto extra = schema.find("additionalProperties");
      if (extra != schema.end() && *extra == false) {
        return "unknown argument \"" + shown(name) + "\"";
      }
      continue;
    }
    if (auto problem = check(item, properties->at(name), "\"" + name + "\"")) return problem;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> schema_problem(const json& value, const ordered_json& schema) {
  return check(value, schema, "the arguments");
}

}  // namespace ariadne::mcp
