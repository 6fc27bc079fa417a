#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ariadne {

// What the transport is told: where to listen, how many threads, and the
// limits every connection lives under. The server's own configuration
// (server_config) extends it.
struct transport_config {
  std::string bind = "0.0.0.0";
  std::uint16_t port = 8080;             // 0: any free port, logged and written to port_file
  unsigned threads = 0;                  // 0: one per core
  std::size_t max_message_bytes = 8192;  // a larger WebSocket message closes with 1009
  std::size_t max_connections = 10000;   // every TCP connection, HTTP or WebSocket
  std::size_t max_connections_per_ip = 256;
  std::size_t write_queue_limit = 64;  // replies queued before reading pauses
  // The kernel's send buffer of each connection (SO_SNDBUF; Linux doubles
  // it): what a reader that stalls can pin in the kernel, beyond the
  // answers the server counts. 0: the kernel's own tuning (up to 4 MiB).
  std::size_t socket_send_buffer = 128 * 1024;
  unsigned shutdown_grace_ms = 4000;
  // TLS on the same port (both files, or neither): a connection is told
  // apart by its first bytes. tls_only answers plain HTTP with a 400.
  std::string tls_cert;
  std::string tls_key;
  bool tls_only = false;
  // Peers whose X-Forwarded-For names the client (a proxy in front); nobody
  // else's is read.
  std::vector<std::string> trusted_proxies;
  // Every open WebSocket is pinged this often (below proxies' idle timeouts,
  // nginx's 60 s); 0: never.
  unsigned ping_seconds = 30;
};

}  // namespace ariadne
