#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <string>

#include "server/live/run_feed.hpp"

namespace ariadne {

// The spectator budgets: streams in all (--max-spectators), on one run
// (--max-spectators-per-run) and from one client address
// (--max-spectators-per-ip, so that one address cannot take every stream).
// Each admission is released once, with its address. Thread-safe.
class spectator_admission {
 public:
  spectator_admission(std::size_t max_in_all, std::size_t max_per_run, std::size_t max_per_address)
      : max_in_all_(max_in_all), max_per_run_(max_per_run), max_per_address_(max_per_address) {}

  enum class refusal { none, in_all, on_run, from_address };
  refusal admit(run_feed& feed, const std::string& address);
  void release(run_feed& feed, const std::string& address);
  std::size_t count() const;

 private:
  const std::size_t max_in_all_;
  const std::size_t max_per_run_;
  const std::size_t max_per_address_;
  mutable std::mutex mutex_;
  std::size_t count_ = 0;
  std::map<std::string, std::size_t> by_address_;  // addresses with a stream only
};

}  // namespace ariadne
