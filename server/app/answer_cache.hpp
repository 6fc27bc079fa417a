#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

namespace ariadne {

// A document many readers poll (/api/runs), built at most once per max_age
// and shared by all of them, like the leaderboard: a poller costs a copy,
// never a rebuild. A new key (what the document may show changed, e.g. the
// competition closed) rebuilds at once. While one thread rebuilds, the
// others are answered with the document before. Thread-safe.
class answer_cache {
 public:
  using clock = std::chrono::steady_clock;
  static constexpr std::chrono::milliseconds max_age{250};

  template <typename Build>
  std::shared_ptr<const std::string> get(std::uint64_t key, clock::time_point now,
                                         const Build& build) {
    std::unique_lock lock(mutex_, std::defer_lock);
    {
      const std::lock_guard read(state_mutex_);
      if (current_ && key_ == key && now - built_at_ < max_age) return current_;
      // Someone else is rebuilding: the document before will do.
      if (current_ && key_ == key && !lock.try_lock()) return current_;
    }
    if (!lock.owns_lock()) {
      lock.lock();
      // Built by the thread this one waited for?
      const std::lock_guard read(state_mutex_);
      if (current_ && key_ == key && now - built_at_ < max_age) return current_;
    }
    auto fresh = std::make_shared<const std::string>(build());
    const std::lock_guard write(state_mutex_);
    current_ = fresh;
    key_ = key;
    built_at_ = now;
    return fresh;
  }

 private:
  std::mutex mutex_;        // held by the thread that rebuilds
  std::mutex state_mutex_;  // guards what follows
  std::shared_ptr<const std::string> current_;
  std::uint64_t key_ = 0;
  clock::time_point built_at_{};
};

}  // namespace ariadne
