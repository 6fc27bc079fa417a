#include "server/net/transport_context.hpp"

#include <cstdio>
#include <stdexcept>

#include "server/net/budget_address.hpp"

namespace ariadne {

transport_context::transport_context(transport_config config, std::string server_name)
    : config_(std::move(config)),
      server_name_(std::move(server_name)),
      admission_(config_.max_connections, config_.max_connections_per_ip),
      // Session ids need not be reproducible: seeded from the OS.
      ids_((static_cast<std::uint64_t>(std::random_device{}()) << 32U) ^ std::random_device{}()) {
  if (config_.tls_cert.empty() != config_.tls_key.empty())
    throw std::runtime_error("TLS needs both a certificate (--tls-cert) and its key (--tls-key)");
  if (!config_.tls_cert.empty())
    certificates_ = std::make_unique<server_certificates>(config_.tls_cert, config_.tls_key);
  if (config_.tls_only && !certificates_)
    throw std::runtime_error("--tls-only needs a certificate (--tls-cert, --tls-key)");
  for (const std::string& proxy : config_.trusted_proxies) {
    boost::system::error_code ec;
    const auto address = boost::asio::ip::make_address(proxy, ec);
    if (ec) throw std::runtime_error("the proxy '" + proxy + "' is not an IP address");
    trusted_proxies_.insert(plain_address(address));
  }
}

bool transport_context::trusted_proxy(const boost::asio::ip::address& peer) const {
  return !trusted_proxies_.empty() && trusted_proxies_.count(plain_address(peer)) != 0;
}

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
