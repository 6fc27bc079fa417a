#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "server/competition/records/records.hpp"

namespace ariadne {

// The tokens that connections said hello with, and which of them have since
// been rotated or revoked (ariadne-admin, on any server sharing the store):
// their competitors' connections are then ended (cluster_loop). Thread-safe.
class token_watch {
 public:
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
  // (a hello since may carry a token newer than the list): those whose
  // token a connection used and which has since been withdrawn, each once.
  std::vector<std::int64_t> withdrawn(const std::vector<competitor_record>& competitors,
                                      std::uint64_t read_after) {
    std::vector<std::int64_t> gone;
    std::lock_guard lock(mutex_);
    for (const competitor_record& c : competitors) {
      const auto it = used_.find(c.id);
      if (it == used_.end() || it->second.hello > read_after) continue;
      if (!c.revoked && it->second.hash == c.token_hash) continue;
      gone.push_back(c.id);
      used_.erase(it);
    }
    return gone;
  }

 private:
  struct hello_seen {
    std::string hash;
    std::uint64_t hello = 0;  // its number, in order
  };
  mutable std::mutex mutex_;
  std::map<std::int64_t, hello_seen> used_;  // competitor -> its latest hello's token
  std::uint64_t hellos_ = 0;
};

}  // namespace ariadne
