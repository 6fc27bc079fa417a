#pragma once

#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "server/net/transport_config.hpp"

namespace boost::asio {
class io_context;
}

namespace ariadne {

class heap_trimmer;
class listener;
class transport_context;

// The network side of a server: an io_context run by N threads, the
// listener, and the context its connections share. It moves bytes and knows
// no game: what a request or a frame means is for the routes added to
// context() before start().
class transport {
 public:
  // Fits max_connections into the descriptor limit, binds the port; throws
  // std::runtime_error when it cannot.
  transport(transport_config config, std::string server_name);
  ~transport();

  transport(const transport&) = delete;
  transport& operator=(const transport&) = delete;

  transport_context& context() { return *context_; }
  const transport_config& config() const;
  unsigned short port() const { return port_; }
  unsigned threads() const { return thread_count_; }

  // Does the port speak TLS?
  bool secure() const;
  // Reads the certificate and key files again; why not, when they do not
  // load (the old ones stay).
  std::optional<std::string> reload_certificates();

  // Starts accepting and the I/O threads; returns at once.
  void start();
  // Lets every connection's handler look at the application's state again
  // (websocket_handler::on_wake, on its strand).
  void wake_connections();
  // Stops accepting, asks every connection to close (WebSockets with 1001)
  // and waits for them up to the configured grace period; the I/O threads
  // still run. Idempotent.
  void close_connections();
  // Then: stops the I/O threads and joins them. The connections left, and
  // what was posted to them, wait (a store's answer to a connection may
  // still come and be posted) until stop() drops them. Idempotent.
  void halt();
  // Then: halts, and drops whatever connection is left with the I/O
  // context. Idempotent.
  void stop();

 private:
  std::shared_ptr<transport_context> context_;
  std::unique_ptr<boost::asio::io_context> ioc_;
  std::shared_ptr<listener> listener_;
  std::unique_ptr<heap_trimmer> trimmer_;  // with TLS only
  std::vector<std::thread> threads_;
  unsigned thread_count_ = 1;
  unsigned short port_ = 0;
  bool closed_ = false;
  bool stopped_ = false;
};

}  // namespace ariadne
