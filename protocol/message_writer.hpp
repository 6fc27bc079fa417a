#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "protocol/messages.hpp"

namespace ariadne::protocol {

// The writers of whole messages. id is raw JSON text (as the readers return
// it), empty for none. A state is written by the hot path's append_state
// (state_writer.hpp), here too.
std::string write_client_message(const client_message& message, std::string_view id = {});
std::string write_server_message(const server_message& message, std::string_view id = {});

// The letters of a path: "NNEES".
std::string path_letters(const std::vector<direction>& dirs);

}  // namespace ariadne::protocol
