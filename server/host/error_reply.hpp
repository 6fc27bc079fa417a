#pragma once

#include <string>
#include <string_view>

#include "core/model/request_error.hpp"
#include "protocol/message_writer.hpp"
#include "server/host/metrics.hpp"

namespace ariadne {

// How a drone connection answers a request it refuses: the error counted
// (ariadne_errors_total), its reply appended.
inline void reply_error(metrics& counters, const request_error& error, std::string_view id,
                        std::string& reply) {
  counters.count_error(error.code);
  reply += protocol::write_server_message(error, id);
}

}  // namespace ariadne
