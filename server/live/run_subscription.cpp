#include "server/live/run_subscription.hpp"

#include <bit>

namespace ariadne {

run_subscription::run_subscription(std::size_t capacity, std::function<void()> wake)
    : slots_(std::bit_ceil(capacity < 2 ? std::size_t{2} : capacity)),
      mask_(slots_.size() - 1),
      wake_(std::move(wake)) {}

bool run_subscription::push(const feed_event& event) {
  const std::size_t tail = tail_.load(std::memory_order_relaxed);
  if (tail - head_.load(std::memory_order_acquire) == slots_.size()) {
    close(true);
    return false;
  }
  slots_[tail & mask_] = event;
  // Sequentially consistent, paired with wait(): either the listener sees
  // this event, or take_waiting sees that it waits.
  tail_.store(tail + 1, std::memory_order_seq_cst);
  return true;
}

void run_subscription::close(bool dropped) {
  if (dropped) dropped_.store(true, std::memory_order_release);
  closed_.store(true, std::memory_order_seq_cst);
}

bool run_subscription::take_waiting() {
  return waiting_.load(std::memory_order_seq_cst) && waiting_.exchange(false);
}

void run_subscription::wake() {
  std::lock_guard lock(wake_mutex_);
  if (wake_) wake_();
}

void run_subscription::detach() {
  std::lock_guard lock(wake_mutex_);
  wake_ = nullptr;
}

bool run_subscription::wait() {
  waiting_.store(true, std::memory_order_seq_cst);
  const bool pending =
      tail_.load(std::memory_order_seq_cst) != head_.load(std::memory_order_relaxed);
  if (pending || closed_.load(std::memory_order_seq_cst)) {
    waiting_.store(false, std::memory_order_relaxed);
    return false;
  }
  return true;
}

}  // namespace ariadne
