#include "server/net/transport_context.hpp"

#include <cstdio>

namespace ariadne {

transport_context::transport_context(transport_config config, std::string server_name)
    : config_(std::move(config)),
      server_name_(std::move(server_name)),
      admission_(config_.max_connections, config_.max_connections_per_ip),
      // Session ids need not be reproducible: seeded from the OS.
      ids_((static_cast<std::uint64_t>(std::random_device{}()) << 32U) ^ std::random_device{}()) {}

std::string transport_context::new_session_id() {
  std::uint64_t value = 0;
  {
    std::lock_guard lock(ids_mutex_);
    value = ids_();
  }
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

}  // namespace ariadne
