#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <stop_token>
#include <string>
#include <thread>

#include "server/store/results_store.hpp"

namespace ariadne {

// The documents a competition publishes (/api/leaderboard, its CSV and its
// history, /api/competition), rebuilt on a thread of its own with its own
// read-only connection to the database: after each write (at most every
// min_interval), and every period (a second; less when other servers write
// to the store too) for ariadne-admin's changes and theirs. HTTP handlers
// read the cached strings. Thread-safe.
class leaderboard_cache {
 public:
  struct documents {
    std::shared_ptr<const std::string> board_json;
    std::shared_ptr<const std::string> board_csv;
    std::shared_ptr<const std::string> competition_json;
    std::shared_ptr<const std::string> history_json;
  };
  // Builds the documents; the reader is the cache's own connection.
  using rebuild_fn = std::function<documents(results_store& reader)>;

  // The least time between two rebuilds.
  static constexpr std::chrono::milliseconds min_interval{200};

  // Opens the reader and starts the thread; the first documents come with
  // refresh_now(), and no rebuild runs before it.
  leaderboard_cache(std::string db_path, rebuild_fn rebuild);

  // A write was committed: rebuild soon.
  void written();
  void set_period(std::chrono::milliseconds period) {
    std::lock_guard lock(mutex_);
    period_ = period;
  }
  // Blocks until the documents reflect every write reported so far.
  void refresh_now();
  documents current() const;
  // Stops and joins the thread: no rebuild runs from now on (written() may
  // still be called; the documents stay as they are).
  void stop() {
    thread_.request_stop();
    if (thread_.joinable()) thread_.join();
  }

 private:
  void loop(const std::stop_token& stop, const std::string& db_path);

  rebuild_fn rebuild_;
  mutable std::mutex mutex_;  // guards what follows
  std::condition_variable_any wake_;
  std::condition_variable_any done_;
  std::uint64_t writes_ = 0;  // writes reported
  std::uint64_t built_ = 0;   // writes the documents reflect
  std::chrono::milliseconds period_{1000};
  documents documents_;
  std::jthread thread_;  // last: it stops, and is joined, first
};

}  // namespace ariadne
