#pragma once

#include "server/app/server_config.hpp"

namespace ariadne::testing {

// A server for tests: on 127.0.0.1, a free port, `threads` I/O threads.
inline server_config loopback_config(unsigned threads = 2) {
  server_config config;
  config.bind = "127.0.0.1";
  config.port = 0;
  config.threads = threads;
  return config;
}

}  // namespace ariadne::testing
