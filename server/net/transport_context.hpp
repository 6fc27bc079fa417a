#pragma once

#include <boost/asio/ip/address.hpp>
#include <cstdint>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <unordered_set>

#include "server/net/connection_admission.hpp"
#include "server/net/connection_registry.hpp"
#include "server/net/http_routes.hpp"
#include "server/net/transport_config.hpp"
#include "server/net/transport_stats.hpp"
#include "server/net/websocket_routes.hpp"
#include "tls/server_certificates.hpp"

namespace ariadne {

// What every connection of one transport shares: its configuration, the
// routes the application added, the connection budgets and registry, the
// counters. The routes are set up before the transport starts and read-only
// afterwards; the rest is thread-safe.
class transport_context {
 public:
  // server_name: the HTTP Server header. Loads the TLS certificate when
  // the config names one; throws std::runtime_error when it does not load,
  // or when a trusted proxy is not an IP address.
  transport_context(transport_config config, std::string server_name);

  const transport_config& config() const { return config_; }
  const std::string& server_name() const { return server_name_; }
  transport_stats& stats() { return stats_; }
  connection_admission& admission() { return admission_; }
  connection_registry& connections() { return connections_; }
  http_routes& http() { return http_; }
  websocket_routes& websockets() { return websockets_; }
  bool stopping() const { return connections_.stopping(); }
  // The TLS certificate, or null when the server speaks only plain.
  server_certificates* certificates() { return certificates_.get(); }
  // May this peer tell the client's address (X-Forwarded-For)?
  bool trusted_proxy(const boost::asio::ip::address& peer) const;

  // A WebSocket connection's id: 16 hex digits, unpredictable.
  std::string new_session_id();

 private:
  transport_config config_;
  std::string server_name_;
  transport_stats stats_;
  connection_admission admission_;
  connection_registry connections_;
  http_routes http_;
  websocket_routes websockets_;
  std::unique_ptr<server_certificates> certificates_;
  std::unordered_set<std::string> trusted_proxies_;  // as plain_address writes them
  std::mutex ids_mutex_;
  std::mt19937_64 ids_;
};

}  // namespace ariadne
