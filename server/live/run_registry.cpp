#include "server/live/run_registry.hpp"

#include <algorithm>
#include <random>

namespace ariadne {

run_registry::run_registry(std::size_t keep_finished, std::uint64_t max_moves)
    : keep_finished_(keep_finished),
      boot_((std::uint64_t{std::random_device{}()} << 32) | std::random_device{}()),
      max_moves_(max_moves) {}

std::shared_ptr<run_feed> run_registry::open(std::uint64_t run_id, std::string player,
                                             std::string challenge, std::string bot) {
  auto feed = std::make_shared<run_feed>(run_id, std::move(player), std::move(challenge),
                                         max_moves_, boot_, std::move(bot));
  std::lock_guard lock(mutex_);
  live_[run_id] = feed;
  return feed;
}

void run_registry::close(std::uint64_t run_id) {
  std::lock_guard lock(mutex_);
  const auto it = live_.find(run_id);
  if (it == live_.end()) return;
  auto feed = std::move(it->second);
  live_.erase(it);
  if (!feed->summary().start || keep_finished_ == 0) return;
  finished_.push_back(std::move(feed));
  while (finished_.size() > keep_finished_)
    finished_.pop_front();
}

void run_registry::forget(std::uint64_t run_id) {
  std::lock_guard lock(mutex_);
  live_.erase(run_id);
}

std::shared_ptr<run_feed> run_registry::find(std::uint64_t run_id) const {
  std::lock_guard lock(mutex_);
  if (const auto it = live_.find(run_id); it != live_.end()) return it->second;
  const auto it = std::find_if(finished_.begin(), finished_.end(),
                               [&](const auto& feed) { return feed->run_id() == run_id; });
  return it == finished_.end() ? nullptr : *it;
}

std::vector<std::shared_ptr<run_feed>> run_registry::live() const {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<run_feed>> runs;
  runs.reserve(live_.size());
  for (const auto& [id, feed] : live_)
    runs.push_back(feed);
  return runs;
}

std::vector<std::shared_ptr<run_feed>> run_registry::finished() const {
  std::lock_guard lock(mutex_);
  return {finished_.begin(), finished_.end()};
}

}  // namespace ariadne
