#pragma once

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>

namespace ariadne::mcp {

// Checks a tool's arguments against the inputSchema it publishes, so that
// what tools/list promises is what tools/call enforces, from one
// definition. The subset the tools use: "type" (object, string, integer,
// number, boolean), "properties", "required", "additionalProperties": false,
// "minimum", "maximum", "enum" (of strings), "minLength" and "maxLength"
// (code points). The sentence of the first problem, or nullopt.
std::optional<std::string> schema_problem(const nlohmann::json& value,
                                          const nlohmann::ordered_json& schema);

}  // namespace ariadne::mcp
