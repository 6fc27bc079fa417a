#pragma once

#include <memory>
#include <thread>
#include <vector>

#include "core/game/maze_catalog.hpp"
#include "server/app/server_config.hpp"

namespace boost::asio {
class io_context;
}

namespace ariadne {

class listener;
class server_context;

// The whole server: an io_context run by N threads, the listener, and the
// shared context. Usable in-process by tests (port 0, then port()).
class server {
 public:
  // Binds the port; throws std::runtime_error when it cannot.
  server(server_config config, maze_catalog catalog);
  ~server();

  server(const server&) = delete;
  server& operator=(const server&) = delete;

  // Starts the I/O threads; returns at once.
  void start();
  unsigned short port() const;
  // Graceful stop: no new connections, every WebSocket closed with 1001,
  // then the threads end (at the latest after the configured grace period)
  // and whatever connection is left is dropped. Idempotent; returns when the
  // threads have been joined.
  void stop();

  server_context& context() { return *context_; }

 private:
  std::shared_ptr<server_context> context_;
  std::unique_ptr<boost::asio::io_context> ioc_;
  std::shared_ptr<listener> listener_;
  std::vector<std::thread> threads_;
  unsigned thread_count_ = 1;
  unsigned short port_ = 0;
  bool stopped_ = false;
};

}  // namespace ariadne
