#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ariadne {

// Messages waiting to be written to one connection, in order: replies,
// written into reused strings, and shared buffers pushed from outside the
// read loop (one buffer, many receivers). A ring of slots: once it has grown
// to the connection's depth, a steady stream of replies allocates nothing.
// Slots never move while queued (the ring holds pointers), so the message
// being written stays valid when the ring grows.
class write_queue {
 public:
  // A cleared string at the back, to write the next reply into.
  std::string& push_reply() {
    slot& s = push();
    s.own.clear();
    return s.own;
  }
  void push_shared(std::shared_ptr<const std::string> text) { push().shared = std::move(text); }

  std::string_view front() const {
    const slot& s = *slots_[head_];
    return s.shared ? std::string_view(*s.shared) : std::string_view(s.own);
  }
  void pop() {
    slots_[head_]->shared.reset();
    head_ = (head_ + 1) % slots_.size();
    --size_;
  }
  // Takes back the message pushed last (a reply that came out empty).
  void pop_back() {
    slots_[(head_ + size_ - 1) % slots_.size()]->shared.reset();
    --size_;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

 private:
  struct slot {
    std::string own;
    std::shared_ptr<const std::string> shared;
  };

  slot& push() {
    if (size_ == slots_.size()) grow();
    slot& s = *slots_[(head_ + size_) % slots_.size()];
    ++size_;
    return s;
  }

  void grow() {
    std::vector<std::unique_ptr<slot>> bigger;
    bigger.reserve(slots_.empty() ? 2 : slots_.size() * 2);
    for (std::size_t i = 0; i < slots_.size(); ++i) {
      bigger.push_back(std::move(slots_[(head_ + i) % slots_.size()]));
    }
    while (bigger.size() < bigger.capacity())
      bigger.push_back(std::make_unique<slot>());
    slots_ = std::move(bigger);
    head_ = 0;
  }

  std::vector<std::unique_ptr<slot>> slots_;
  std::size_t head_ = 0;
  std::size_t size_ = 0;
};

}  // namespace ariadne
