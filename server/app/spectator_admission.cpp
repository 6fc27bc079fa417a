#include "server/app/spectator_admission.hpp"

namespace ariadne {

spectator_admission::refusal spectator_admission::admit(run_feed& feed,
                                                        const std::string& address) {
  std::lock_guard lock(mutex_);
  if (count_ >= max_in_all_) return refusal::in_all;
  const auto it = by_address_.find(address);
  if ((it == by_address_.end() ? 0 : it->second) >= max_per_address_) return refusal::from_address;
  if (!feed.add_spectator(max_per_run_)) return refusal::on_run;
  ++count_;
  ++by_address_[address];
  return refusal::none;
}

void spectator_admission::release(run_feed& feed, const std::string& address) {
  feed.remove_spectator();
  std::lock_guard lock(mutex_);
  --count_;
  const auto it = by_address_.find(address);
  if (it != by_address_.end() && --it->second == 0) by_address_.erase(it);
}

std::size_t spectator_admission::count() const {
  std::lock_guard lock(mutex_);
  return count_;
}

}  // namespace ariadne
