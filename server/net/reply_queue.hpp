#pragma once

#include <memory>
#include <string>
#include <vector>

namespace ariadne {

// Replies waiting to be written, in order. A ring of reused strings: once it
// has grown to the connection's pipelining depth, a steady stream of replies
// allocates nothing. Strings never move while queued (the ring holds
// pointers), so the one being written stays valid when the ring grows.
class reply_queue {
 public:
  // A cleared string at the back, to write the next reply into.
  std::string& push() {
    if (size_ == slots_.size()) grow();
    std::string& slot = *slots_[(head_ + size_) % slots_.size()];
    slot.clear();
    ++size_;
    return slot;
  }
  std::string& front() { return *slots_[head_]; }
  void pop() {
    head_ = (head_ + 1) % slots_.size();
    --size_;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

 private:
  void grow() {
    std::vector<std::unique_ptr<std::string>> bigger;
    bigger.reserve(slots_.empty() ? 2 : slots_.size() * 2);
    for (std::size_t i = 0; i < slots_.size(); ++i) {
      bigger.push_back(std::move(slots_[(head_ + i) % slots_.size()]));
    }
    while (bigger.size() < bigger.capacity())
      bigger.push_back(std::make_unique<std::string>());
    slots_ = std::move(bigger);
    head_ = 0;
  }

  std::vector<std::unique_ptr<std::string>> slots_;
  std::size_t head_ = 0;
  std::size_t size_ = 0;
};

}  // namespace ariadne
