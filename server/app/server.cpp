#include "server/app/server.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <stdexcept>
#include <string>

#include "core/model/version.hpp"
#include "server/app/routes.hpp"
#include "server/app/server_context.hpp"
#include "server/host/server_name.hpp"
#include "server/net/transport.hpp"
#include "server/net/transport_context.hpp"

namespace ariadne {

server::server(server_config config, maze_catalog catalog) {
  if (auto refusal = tls_refusal(config)) throw std::runtime_error(*refusal);
  transport_ = std::make_unique<transport>(config, server_name());
  // The transport may have lowered max_connections to fit the descriptors.
  config.max_connections = transport_->config().max_connections;
  context_ = std::make_unique<server_context>(std::move(config), std::move(catalog));
  context_->counters().watch(transport_->context().stats());
  add_routes(*context_, transport_->context());
}

server::~server() {
  stop();
  // The connections (and the handlers they hold) go with the transport,
  // before the context they use.
  transport_.reset();
}

unsigned short server::port() const {
  return transport_->port();
}

void server::start() {
  transport_->start();
  spdlog::info("ariadne-server {} listening on {}:{} ({} threads, {} named mazes)", version,
               context_->config().bind, port(), transport_->threads(), context_->catalog().size());
  // Where a person goes next (the address a local browser reaches).
  const std::string& bind = context_->config().bind;
  std::string host = bind == "0.0.0.0" || bind == "::" ? "127.0.0.1" : bind;
  if (host.find(':') != std::string::npos) host = "[" + host + "]";  // IPv6
  const char* scheme = transport_->secure() ? "https" : "http";
  spdlog::info("pages: {}://{}:{}/ (runs, /watch/RUN), the playground: {}://{}:{}/play", scheme,
               host, port(), scheme, host, port());
  if (transport_->secure()) {
    spdlog::info("TLS from {}{}", context_->config().tls_cert,
                 context_->config().tls_only ? ", and nothing plain" : "; plain http:// too");
  }
  if (competition_hub* hub = context_->competition()) {
    spdlog::info("{}", hub->summary(std::chrono::system_clock::now()));
    spdlog::info("results in {}, as server '{}'", hub->store_shown(), hub->node_name());
  }
}

void server::reload_certificates() {
  if (!transport_->secure()) {
    spdlog::info("nothing to reload: the server has no TLS certificate");
    return;
  }
  if (auto failure = transport_->reload_certificates()) {
    spdlog::error("TLS certificate not reloaded, the old one stays: {}", *failure);
  } else {
    spdlog::info("TLS certificate reloaded from {}: new connections get it",
                 context_->config().tls_cert);
  }
}

void server::drain() {
  if (context_->draining()) return;
  context_->begin_draining();
  spdlog::info("draining: no new connections or runs; {} runs in play may go on for {} s",
               context_->budgets().runs_in_play(), context_->config().drain_seconds);
  transport_->wake_connections();
}

bool server::drained() {
  // A ranked run's reply waits for its result's write: the drain ends once
  // that is written and the reply on its way, never in between.
  const competition_hub* hub = context_->competition();
  return context_->draining() && context_->budgets().runs_in_play() == 0 &&
         (hub == nullptr || hub->store_backlog() == 0);
}

void server::stop() {
  if (stopped_) return;
  stopped_ = true;
  if (ranked_play* ranked = context_->ranked()) ranked->stop();
  transport_->close_connections();
  // Set-up jobs post their answers to connections: finish them while the
  // I/O threads still run.
  context_->setups().stop();
  // The store's jobs may hold connections too (a login's lookup does): they
  // must end, and let go, before the I/O context goes with the service a
  // WebSocket stream needs to be destroyed. Halted first, no connection
  // queues a new one meanwhile.
  transport_->halt();
  if (context_->competition() != nullptr) context_->competition()->wait_for_store();
  transport_->stop();
  spdlog::info("ariadne-server stopped");
}

}  // namespace ariadne
