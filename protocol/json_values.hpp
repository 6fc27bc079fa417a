#pragma once

// Internal to protocol/: the values several documents share, as JSON trees
// (no text round trips): a result, a state, a JSON maze. Included by
// protocol/'s .cpp files only.
#include <string>
#include <string_view>
#include <variant>
#include "core/maze/maze_layout.hpp"
#include "core/model/drone_state.hpp"
#include "core/model/run_result.hpp"
#include "protocol/json_fields.hpp"
#include "protocol/parse_error.hpp"

namespace ariadne::protocol::detail {

json result_json(const run_result& result);
// Throws field_problem.
run_result read_result(const json& value);

// A state's fields, without "type" (a welcome's taken-over run).
json state_json(const drone_state& state);

// The JSON maze format (maze_json.hpp) as a tree; read_maze throws
// field_problem.
json maze_json(const maze_layout& layout);
maze_layout read_maze(const json& doc);

// Reads "type" and "id", common to every message, from a frame's text;
// returns the document, or the parse_error to answer.
std::variant<json, parse_error> read_envelope(std::string_view text, std::string& type,
                                              std::string& id);

}  // namespace ariadne::protocol::detail
