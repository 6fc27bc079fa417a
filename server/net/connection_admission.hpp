#pragma once

#include <atomic>
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

#include "server/net/connection_slot.hpp"

namespace ariadne {

// The connection budgets: TCP connections in all and per client address,
// and a small budget of refusals (answered 503 or 429) beyond them.
// Thread-safe.
class connection_admission {
 public:
  // Connections answered 503 at once, beyond the admitted ones.
  static constexpr std::size_t refusal_budget = 64;

  connection_admission(std::size_t max_connections, std::size_t max_per_address)
      : max_connections_(max_connections), max_per_address_(max_per_address) {}

  // Admits a new connection from address, refuses it (to be answered 503
  // when the server is full, 429 when the address holds its share), or neither (close it at once)
  // when even refusals are too many. After stop(), nothing more is admitted.
  connection_slot admit(const std::string& address);
  // A trusted proxy's connection: it carries many clients, so it counts in
  // the total only; each client is admitted by its own address at its
  // WebSocket upgrade.
  connection_slot admit_proxied(const std::string& address);
  void stop() { stopping_.store(true, std::memory_order_release); }

  std::size_t admitted() const;
  // Addresses holding at least one connection.
  std::size_t addresses() const;

 private:
  friend class connection_slot;
  void release(connection_slot::kind k, const std::string& address);

  const std::size_t max_connections_;
  const std::size_t max_per_address_;
  std::atomic<bool> stopping_{false};
  mutable std::mutex mutex_;  // guards what follows
  std::size_t admitted_ = 0;
  std::size_t refused_ = 0;
  std::unordered_map<std::string, std::size_t> per_address_;  // only addresses holding some
};

}  // namespace ariadne
