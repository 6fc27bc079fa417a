#include "protocol/maze_json.hpp"

#include "core/maze/format_error.hpp"
#include "protocol/json_values.hpp"

namespace ariadne::protocol {

maze_layout read_maze_json(std::string_view text) {
  const auto doc = detail::json::parse(text, nullptr, false);
  if (doc.is_discarded()) throw format_error(0, 0, "not valid JSON");
  try {
    return detail::read_maze(doc);
  } catch (const detail::field_problem& problem) {
    throw format_error(0, 0, problem.message);
  }
}

std::string write_maze_json(const maze_layout& layout) {
  return detail::maze_json(layout).dump() + "\n";
}

}  // namespace ariadne::protocol
