#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "protocol/messages.hpp"

namespace ariadne::protocol {

// A message that could not be understood: the error reply to send, and the
// id to echo when one could be read.
struct parse_error {
  errc code = errc::bad_request;
  std::string message;
  std::string id;  // raw JSON text of the id; empty when none
};

// A client message and its id (raw JSON text, empty when none).
struct client_request {
  client_message message;
  std::string id;
};

// A server message and the id it echoes.
struct server_reply {
  server_message message;
  std::string id;
};

// Reads one client frame. Never throws: anything malformed becomes a
// parse_error with the code and sentence to reply with. Unknown fields are
// ignored.
std::variant<client_request, parse_error> parse_client_message(std::string_view text);

// Reads one server frame (for clients). Never throws.
std::variant<server_reply, parse_error> parse_server_message(std::string_view text);

// Encoders. id is raw JSON text (as parse_* return it), empty for none.
std::string write_client_message(const client_message& message, std::string_view id = {});
std::string write_server_message(const server_message& message, std::string_view id = {});

// Appends a state reply to out without building a JSON tree: the hot path.
void append_state(std::string& out, const state_message& state, std::string_view id = {});
// Appends a result object, as every message carries it.
void append_result(std::string& out, const run_result& result);
// A result object read back, or the problem with it.
std::variant<run_result, parse_error> parse_result(std::string_view text);

// The letters of a path: "NNEES".
std::string path_letters(const std::vector<direction>& dirs);

}  // namespace ariadne::protocol
