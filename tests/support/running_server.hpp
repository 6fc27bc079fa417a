#pragma once

#include <memory>
#include <string>
#include <utility>

#include "core/game/maze_catalog.hpp"
#include "server/app/server.hpp"
#include "server/app/server_context.hpp"
#include "tests/support/loopback_config.hpp"

namespace ariadne::testing {

// The one way a C++ test starts a server: in-process, on 127.0.0.1 and a
// port the kernel picks (bind and port are always forced so), started at
// once (listening before the constructor returns: no wait needed), stopped
// gracefully when it goes. The shell and Python tests' twins:
// tests/support/server.sh and ariadne_server.py.
class running_server {
 public:
  explicit running_server(server_config config = loopback_config(), maze_catalog catalog = {})
      : server_(loopback(std::move(config)), std::move(catalog)) {
    server_.start();
  }
  ~running_server() { server_.stop(); }

  running_server(const running_server&) = delete;
  running_server& operator=(const running_server&) = delete;

  unsigned short port() const { return server_.port(); }
  // ws://127.0.0.1:PORT and the path.
  std::string url(const std::string& path = "/ws") const {
    return "ws://127.0.0.1:" + std::to_string(port()) + path;
  }
  server_context& context() { return server_.context(); }
  // A graceful stop before the end of the test (idempotent).
  void stop() { server_.stop(); }

 private:
  static server_config loopback(server_config config) {
    config.bind = "127.0.0.1";
    config.port = 0;
    if (config.threads == 0) config.threads = 2;
    return config;
  }

  server server_;
};

}  // namespace ariadne::testing
