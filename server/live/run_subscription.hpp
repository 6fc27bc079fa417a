#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <mutex>
#include <vector>

#include "server/live/feed_event.hpp"

namespace ariadne {

class run_feed;

// One listener's bounded queue of a run's events: the run's thread pushes
// without waiting, the listener drains at its own pace. A listener that lets
// the queue fill is dropped: it is told (dropped()) and receives nothing more.
// One producer (the run) and one consumer (the listener) at a time.
class run_subscription {
 public:
  // capacity is rounded up to a power of two. wake, when set, is called on
  // the run's thread, outside the feed's lock, when events arrive for a
  // listener that asked to wait (or when it is closed); it must be quick and
  // must not unsubscribe. It is never called once run_feed::unsubscribe has
  // returned.
  run_subscription(std::size_t capacity, std::function<void()> wake);

  run_subscription(const run_subscription&) = delete;
  run_subscription& operator=(const run_subscription&) = delete;

  // Listener: calls each(event) for every queued event, oldest first; returns
  // how many.
  template <typename Each>
  std::size_t drain(Each&& each) {
    const std::size_t tail = tail_.load(std::memory_order_acquire);
    std::size_t head = head_.load(std::memory_order_relaxed);
    const std::size_t count = tail - head;
    for (; head != tail; ++head) {
      feed_event& slot = slots_[head & mask_];
      each(static_cast<const feed_event&>(slot));
      slot.detail.reset();
    }
    head_.store(head, std::memory_order_release);
    return count;
  }

  // Listener: asks to be woken when the next event arrives. False when events
  // are already waiting (drain again instead).
  bool wait();

  // True once the queue overflowed: the listener was dropped from its run.
  bool dropped() const { return dropped_.load(std::memory_order_acquire); }
  // True once the run's last event (finished) is queued, or the listener was
  // dropped: nothing more will be queued.
  bool closed() const { return closed_.load(std::memory_order_acquire); }
  // True once closed and everything queued has been drained: the listener is
  // done. (Testing closed() after a drain could miss a last event.)
  bool done() const {
    return closed() &&
           tail_.load(std::memory_order_acquire) == head_.load(std::memory_order_relaxed);
  }
  std::size_t capacity() const { return slots_.size(); }

 private:
  friend class run_feed;

  // Run: queues event; false when the queue is full (the listener is then
  // closed as dropped). Neither wakes the listener: see take_waiting.
  bool push(const feed_event& event);
  void close(bool dropped);
  // Run, after push or close: true when the listener asked to be woken (the
  // run then calls wake once it holds no lock).
  bool take_waiting();
  void wake();
  // Feed, on unsubscribe: no wake after this returns.
  void detach();

  std::vector<feed_event> slots_;
  std::size_t mask_;
  std::mutex wake_mutex_;  // guards wake_
  std::function<void()> wake_;
  std::atomic<std::size_t> head_{0};  // written by the listener
  std::atomic<std::size_t> tail_{0};  // written by the run
  std::atomic<bool> waiting_{false};
  std::atomic<bool> dropped_{false};
  std::atomic<bool> closed_{false};
};

}  // namespace ariadne
