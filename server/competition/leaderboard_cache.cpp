#include "server/competition/leaderboard_cache.hpp"

#include <spdlog/spdlog.h>

#include "server/store/store_location.hpp"

namespace ariadne {

leaderboard_cache::leaderboard_cache(std::string db_path, rebuild_fn rebuild)
    : rebuild_(std::move(rebuild)),
      thread_([this, db_path = std::move(db_path)](const std::stop_token& stop) {
        loop(stop, db_path);
      }) {}

void leaderboard_cache::written() {
  {
    std::lock_guard lock(mutex_);
    ++writes_;
  }
  wake_.notify_one();
}

void leaderboard_cache::refresh_now() {
  std::unique_lock lock(mutex_);
  ++writes_;  // asks for a rebuild even when nothing was written
  const std::uint64_t wanted = writes_;
  wake_.notify_one();
  done_.wait(lock, [&] { return built_ >= wanted || thread_.get_stop_token().stop_requested(); });
}

leaderboard_cache::documents leaderboard_cache::current() const {
  std::lock_guard lock(mutex_);
  return documents_;
}

void leaderboard_cache::loop(const std::stop_token& stop, const std::string& db_path) {
  std::unique_ptr<results_store> reader;
  try {
    reader = open_store(parse_store_location(db_path), store_access::read_only);
  } catch (const std::exception& e) {
    spdlog::error("leaderboard: {}", e.what());
  }
  bool failing = false;
  std::unique_lock lock(mutex_);
  while (!stop.stop_requested()) {
    // The first rebuild waits for refresh_now(): what it calls may not be
    // ready before.
    if (writes_ == 0) {
      wake_.wait(lock, stop, [this] { return writes_ != 0; });
    } else {
      wake_.wait_for(lock, stop, period_, [this] { return writes_ != built_; });
    }
    if (stop.stop_requested()) break;
    const std::uint64_t seen = writes_;
    lock.unlock();
    documents fresh;
    try {
      if (reader) fresh = rebuild_(*reader);
      if (failing) spdlog::warn("leaderboard: the store answers again");
      failing = false;
    } catch (const std::exception& e) {
      // Said once, not every second the store is out of reach.
      if (!failing) spdlog::error("leaderboard: {}", e.what());
      failing = true;
    }
    lock.lock();
    if (fresh.board_json) documents_ = std::move(fresh);
    built_ = seen;
    done_.notify_all();
    // However fast results come, rebuild at most every min_interval.
    wake_.wait_for(lock, stop, min_interval, [] { return false; });
  }
  done_.notify_all();
}

}  // namespace ariadne
