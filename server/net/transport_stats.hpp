#pragma once

#include <atomic>
#include <cstdint>

namespace ariadne {

// The transport's counters, updated with relaxed atomics from every I/O
// thread; the server's /metrics shows them.
struct transport_stats {
  std::atomic<std::int64_t> connections_open{0};  // WebSocket connections open now
  std::atomic<std::uint64_t> connections_total{0};
  std::atomic<std::uint64_t> connections_refused{0};
  std::atomic<std::uint64_t> http_requests{0};
  std::atomic<std::uint64_t> tls_handshakes{0};
  std::atomic<std::uint64_t> tls_handshakes_failed{0};
};

}  // namespace ariadne
