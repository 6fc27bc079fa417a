#include "protocol/fast_command.hpp"

#include "core/model/limits.hpp"
#include "protocol/flat_reader.hpp"

namespace ariadne::protocol {

using detail::flat_reader;
using detail::is_string;
using detail::unquote;

std::optional<command_view> parse_fast_command(std::string_view text) {
  flat_reader in(text);
  if (!in.take('{')) return std::nullopt;
  std::optional<std::string_view> type;
  std::optional<std::string_view> dir;
  std::optional<std::string_view> dirs;
  std::optional<std::string_view> id;
  if (!in.take('}')) {
    do {
      const auto key = in.string();
      if (!key || !in.take(':')) return std::nullopt;
      const auto value = in.scalar();
      if (!value) return std::nullopt;
      std::optional<std::string_view>* slot = nullptr;
      if (*key == "type") slot = &type;
      if (*key == "dir") slot = &dir;
      if (*key == "dirs") slot = &dirs;
      if (*key == "id") slot = &id;
      if (slot != nullptr) {
        // A repeated key: the full parser keeps the last one; leave it to it.
        if (slot->has_value()) return std::nullopt;
        *slot = *value;
      }
    } while (in.take(','));
    if (!in.take('}')) return std::nullopt;
  }
  if (!in.done() || !type || !is_string(*type)) return std::nullopt;

  command_view command;
  if (id) command.id = *id;
  const std::string_view name = unquote(*type);
  if (name == "sense") {
    command.type = command_view::kind::sense;
  } else if (name == "abandon") {
    command.type = command_view::kind::abandon;
  } else if (name == "move") {
    if (!dir || !is_string(*dir) || dir->size() != 3) return std::nullopt;
    const auto d = direction_from_letter((*dir)[1]);
    if (!d) return std::nullopt;
    command.type = command_view::kind::move;
    command.dir = *d;
  } else if (name == "path") {
    if (!dirs || !is_string(*dirs)) return std::nullopt;
    const std::string_view letters = unquote(*dirs);
    if (letters.empty() || letters.size() > limits::path_letters.max) return std::nullopt;
    for (const char c : letters) {
      if (!direction_from_letter(c)) return std::nullopt;
    }
    command.type = command_view::kind::path;
    command.dirs = letters;
  } else {
    return std::nullopt;
  }
  return command;
}

}  // namespace ariadne::protocol
