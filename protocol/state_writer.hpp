#pragma once

#include <string>
#include <string_view>

#include "protocol/messages.hpp"

namespace ariadne::protocol {

// The hot path's writers: a state reply, and a result object, appended as
// text without a JSON tree (nothing allocated once out has room). id is raw
// JSON text (as the readers return it), empty for none.
void append_state(std::string& out, const state_message& state, std::string_view id = {});
void append_result(std::string& out, const run_result& result);

}  // namespace ariadne::protocol
