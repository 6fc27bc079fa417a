#pragma once

#include <string>
#include <utility>

#include "server/net/log_text.hpp"

namespace ariadne {

// Who a drone connection is: its session id, the peer it came from and the
// address its budgets count under; once its hello is accepted, the name it
// plays as (a competitor's, with a token), as logs may show it, and what it
// called its bot. Not thread-safe: the connection's strand.
struct connection_identity {
  std::string id;
  std::string peer;
  std::string address;
  std::string name{};
  std::string log_name{};
  std::string bot{};  // "" for none
  bool greeted = false;

  void set_name(std::string new_name) {
    name = std::move(new_name);
    log_name = log_text(name);
  }
};

}  // namespace ariadne
