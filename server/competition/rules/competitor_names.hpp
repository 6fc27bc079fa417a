#pragma once

#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "server/competition/records/records.hpp"

namespace ariadne {

// The competitors' names, ASCII case aside, as the store last listed them:
// a player without a token may not show under one of them. Thread-safe.
class competitor_names {
 public:
  void replace(const std::vector<competitor_record>& competitors) {
    std::set<std::string> folded;
    for (const competitor_record& c : competitors)
      folded.insert(fold(c.name));
    const std::lock_guard lock(mutex_);
    names_ = std::move(folded);
  }
  bool contains(std::string_view name) const {
    const std::string folded = fold(name);
    const std::lock_guard lock(mutex_);
    return names_.contains(folded);
  }
  std::size_t size() const {
    const std::lock_guard lock(mutex_);
    return names_.size();
  }

  // A name as the competitors' names are compared: ASCII case aside.
  static std::string fold(std::string_view text) {
    std::string out(text);
    for (char& c : out)
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
  }

 private:
  mutable std::mutex mutex_;
  std::set<std::string> names_;
};

}  // namespace ariadne
