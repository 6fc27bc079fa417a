#include "server/live/move_log.hpp"

#include <algorithm>

namespace ariadne {

void move_log::grow() {
  static constexpr std::size_t first_length = 256;
  static constexpr std::size_t max_length = 64 * 1024;
  std::lock_guard lock(mutex_);
  chunk next;
  next.first = size_.load(std::memory_order_relaxed);
  next.length = chunks_.empty() ? first_length : std::min(chunks_.back().length * 2, max_length);
  next.length = static_cast<std::size_t>(
      std::min<std::uint64_t>(next.length, std::max<std::uint64_t>(capacity_ - next.first, 1)));
  next.letters = std::make_unique<char[]>(next.length);
  tail_ = next.letters.get();
  tail_end_ = tail_ + next.length;
  const std::uint64_t made = chunks_.size() == chunks_.capacity() ? 2 : 1;
  allocations_.store(allocations_.load(std::memory_order_relaxed) + made,
                     std::memory_order_relaxed);
  chunks_.push_back(std::move(next));
}

std::uint64_t move_log::bytes() const {
  std::lock_guard lock(mutex_);
  std::uint64_t bytes = chunks_.capacity() * sizeof(chunk);
  for (const chunk& c : chunks_)
    bytes += c.length;
  return bytes;
}

void move_log::copy(std::uint64_t from, std::uint64_t to, std::string& out) const {
  if (from >= to) return;
  out.reserve(out.size() + static_cast<std::size_t>(to - from));
  // The chunk list under the lock; the letters, which never move, outside it.
  struct span {
    std::uint64_t first;
    std::size_t length;
    const char* letters;
  };
  std::vector<span> spans;
  {
    std::lock_guard lock(mutex_);
    spans.reserve(chunks_.size());
    for (const chunk& c : chunks_)
      spans.push_back({c.first, c.length, c.letters.get()});
  }
  for (const span& c : spans) {
    const std::uint64_t end = c.first + c.length;
    if (end <= from) continue;
    if (c.first >= to) break;
    const std::uint64_t begin = std::max(from, c.first);
    const std::uint64_t stop = std::min(to, end);
    out.append(c.letters + (begin - c.first), static_cast<std::size_t>(stop - begin));
  }
}

}  // namespace ariadne
