#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "server/store/results_store.hpp"

namespace ariadne {

// The tokens that connections said hello with, and which of them have since
// been rotated or revoked (ariadne-admin, on any server sharing the store):
// their competitors' connections are then ended. Thread-safe.
class token_watch {
 public:
  // Called with a competitor whose token a connection used and which has
  // since been withdrawn; under the watch's lock: it may only post work
  // elsewhere. Cleared (nullptr) before what it calls goes away.
  void on_withdrawn(std::function<void(std::int64_t competitor)> withdrawn) {
    std::lock_guard lock(mutex_);
    withdrawn_ = std::move(withdrawn);
  }
  // A connection said hello with the competitor's token.
  void used(const competitor_record& who) {
    std::lock_guard lock(mutex_);
    used_[who.id] = {who.token_hash, ++hellos_};
  }
  // Taken before the competitor list is read: the hellos check() may judge.
  std::uint64_t hellos() const {
    std::lock_guard lock(mutex_);
    return hellos_;
  }
  // The competitors as the store had them after hello number `read_after`
  // (a hello since may carry a token newer than the list).
  void check(const std::vector<competitor_record>& competitors, std::uint64_t read_after) {
    std::lock_guard lock(mutex_);
    for (const competitor_record& c : competitors) {
      const auto it = used_.find(c.id);
      if (it == used_.end() || it->second.hello > read_after) continue;
      if (!c.revoked && it->second.hash == c.token_hash) continue;
      if (withdrawn_) withdrawn_(c.id);
      used_.erase(it);
    }
  }

 private:
  struct hello_seen {
    std::string hash;
    std::uint64_t hello = 0;  // its number, in order
  };
  mutable std::mutex mutex_;
  std::map<std::int64_t, hello_seen> used_;  // competitor -> its latest hello's token
  std::uint64_t hellos_ = 0;
  std::function<void(std::int64_t)> withdrawn_;
};

}  // namespace ariadne
