#include "protocol/commands.hpp"

#include <algorithm>

namespace ariadne::protocol {

std::optional<run_command> command_of(const client_message& message) {
  using kind = run_command::kind;
  if (std::holds_alternative<sense_message>(message)) return run_command{kind::sense, {}, {}};
  if (const auto* move = std::get_if<move_message>(&message)) {
    return run_command{kind::move, move->dir, {}};
  }
  if (const auto* path = std::get_if<path_message>(&message)) {
    return run_command{kind::path, direction::north, path->dirs};
  }
  if (std::holds_alternative<abandon_message>(message)) return run_command{kind::abandon, {}, {}};
  return std::nullopt;
}

run_command command_of(const command_view& view, path_buffer& buffer) {
  using kind = run_command::kind;
  switch (view.type) {
    case command_view::kind::move:
      return {kind::move, view.dir, {}};
    case command_view::kind::path: {
      const std::size_t count = std::min(view.dirs.size(), buffer.size());
      for (std::size_t i = 0; i < count; ++i)
        buffer[i] = direction_from_letter(view.dirs[i]).value_or(direction::north);
      return {kind::path, direction::north, std::span(buffer.data(), count)};
    }
    case command_view::kind::abandon:
      return {kind::abandon, {}, {}};
    case command_view::kind::sense:
      break;
  }
  return {kind::sense, {}, {}};
}

}  // namespace ariadne::protocol
