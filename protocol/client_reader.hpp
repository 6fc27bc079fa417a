#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "protocol/messages.hpp"
#include "protocol/parse_error.hpp"

namespace ariadne::protocol {

// A client message and its id (raw JSON text, empty when none).
struct client_request {
  client_message message;
  std::string id;
};

// Reads one client frame: its shape and its types. Whether a start's values
// make a game is for the rules to judge (core/play's check_request), once;
// only a number no field can hold is refused here, with the rules' own
// sentence. Never throws: anything malformed becomes a parse_error with the
// code and sentence to reply with. Unknown fields are ignored.
std::variant<client_request, parse_error> parse_client_message(std::string_view text);

}  // namespace ariadne::protocol
