#include "server/net/connection_admission.hpp"

namespace ariadne {

connection_slot connection_admission::admit(const std::string& address) {
  std::lock_guard lock(mutex_);
  const auto it = per_address_.find(address);
  const std::size_t mine = it == per_address_.end() ? 0 : it->second;
  if (!stopping_.load(std::memory_order_acquire) && admitted_ < max_connections_ &&
      mine < max_per_address_) {
    ++admitted_;
    ++per_address_[address];
    return connection_slot(*this, connection_slot::kind::admitted, address);
  }
  if (refused_ >= refusal_budget) return {};
  ++refused_;
  const bool whole_server =
      stopping_.load(std::memory_order_acquire) || admitted_ >= max_connections_;
  return connection_slot(
      *this, whole_server ? connection_slot::kind::refused : connection_slot::kind::over_share,
      address);
}

connection_slot connection_admission::admit_proxied(const std::string& address) {
  std::lock_guard lock(mutex_);
  if (!stopping_.load(std::memory_order_acquire) && admitted_ < max_connections_) {
    ++admitted_;
    return connection_slot(*this, connection_slot::kind::proxied, address);
  }
  if (refused_ >= refusal_budget) return {};
  ++refused_;
  return connection_slot(*this, connection_slot::kind::refused, address);
}

void connection_admission::release(connection_slot::kind k, const std::string& address) {
  std::lock_guard lock(mutex_);
  if (k == connection_slot::kind::refused || k == connection_slot::kind::over_share) {
    --refused_;
    return;
  }
  --admitted_;
  if (k == connection_slot::kind::proxied) return;
  if (const auto it = per_address_.find(address); it != per_address_.end() && --it->second == 0) {
    per_address_.erase(it);
  }
}

std::size_t connection_admission::admitted() const {
  std::lock_guard lock(mutex_);
  return admitted_;
}

std::size_t connection_admission::addresses() const {
  std::lock_guard lock(mutex_);
  return per_address_.size();
}

void connection_slot::release() {
  if (admission_ != nullptr && kind_ != kind::none) {
    std::exchange(admission_, nullptr)->release(std::exchange(kind_, kind::none), address_);
  }
}

}  // namespace ariadne
