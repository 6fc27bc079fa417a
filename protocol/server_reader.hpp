#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "protocol/messages.hpp"
#include "protocol/parse_error.hpp"

namespace ariadne::protocol {

// A server message and the id it echoes.
struct server_reply {
  server_message message;
  std::string id;
};

// Reads one server frame, for clients: strictly (a field of the wrong type
// or out of its C++ type's range is refused, never converted). Never throws.
std::variant<server_reply, parse_error> parse_server_message(std::string_view text);

}  // namespace ariadne::protocol
