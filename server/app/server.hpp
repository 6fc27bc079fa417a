#pragma once

#include <memory>

#include "core/game/maze_catalog.hpp"
#include "server/app/server_config.hpp"

namespace ariadne {

class server_context;
class transport;

// The whole server: the application's context and the transport that
// carries it, wired by add_routes. Usable in-process by tests (port 0, then
// port()).
class server {
 public:
  // Binds the port; throws std::runtime_error when it cannot (and
  // competition_error or store_error when the competition cannot start).
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

  // Begins a drain (SIGTERM): no new drone connection or run, the /healthz
  // of a server leaving; connections without a run in play close (1001) now,
  // the others once their run ends. Returns at once; stop() ends it.
  void drain();
  // Draining, and no run is in play, being set up or waiting for its competitor.
  bool drained();

  // Reads the TLS certificate and key again (SIGHUP): new connections get
  // them, open ones keep theirs; one log line says which.
  void reload_certificates();

  server_context& context() { return *context_; }
  transport& network() { return *transport_; }

 private:
  // Declared first: the transport's connections use it until they are gone.
  std::unique_ptr<server_context> context_;
  std::unique_ptr<transport> transport_;
  bool stopped_ = false;
};

}  // namespace ariadne
