#include "server/live/run_registry.hpp"

#include <algorithm>
#include <iterator>
#include <random>

namespace ariadne {

run_registry::run_registry(std::size_t keep_finished, std::uint64_t max_moves,
                           std::uint64_t keep_bytes, memory_claim claim)
    : keep_finished_(keep_finished),
      boot_((std::uint64_t{std::random_device{}()} << 32) | std::random_device{}()),
      max_moves_(max_moves),
      keep_bytes_(keep_bytes),
      claim_(std::move(claim)) {}

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
  finished_.push_back({std::move(feed), 0, nullptr});
  recount_and_trim(std::prev(finished_.end()));
}

bool run_registry::keep_replay(const std::shared_ptr<run_feed>& feed,
                               std::shared_ptr<const std::string> text) {
  std::lock_guard lock(mutex_);
  const auto it = std::find_if(finished_.begin(), finished_.end(),
                               [&](const kept_run& kept) { return kept.feed == feed; });
  if (it == finished_.end() || it->bytes + text->capacity() > keep_bytes_) return false;
  feed->keep_replay(std::move(text));
  recount_and_trim(it);
  return true;
}

void run_registry::recount_and_trim(std::deque<kept_run>::iterator at) {
  const std::uint64_t bytes = at->feed->held_bytes();
  kept_bytes_ = kept_bytes_ - at->bytes + bytes;
  at->bytes = bytes;
  // The old claim goes first: never counted twice, even for a moment.
  at->claim.reset();
  if (bytes > keep_bytes_) {
    // Alone over the bound: this run goes, not the others.
    kept_bytes_ -= bytes;
    finished_.erase(at);
  } else if (claim_) {
    at->claim = claim_(bytes, at->feed->ranked());
  }
  while (!finished_.empty() && (finished_.size() > keep_finished_ || kept_bytes_ > keep_bytes_)) {
    kept_bytes_ -= finished_.front().bytes;
    finished_.pop_front();
  }
}

std::uint64_t run_registry::kept_bytes() const {
  std::lock_guard lock(mutex_);
  return kept_bytes_;
}

void run_registry::forget(std::uint64_t run_id) {
  std::lock_guard lock(mutex_);
  live_.erase(run_id);
}

std::shared_ptr<run_feed> run_registry::find(std::uint64_t run_id) const {
  std::lock_guard lock(mutex_);
  if (const auto it = live_.find(run_id); it != live_.end()) return it->second;
  const auto it = std::find_if(finished_.begin(), finished_.end(),
                               [&](const kept_run& kept) { return kept.feed->run_id() == run_id; });
  return it == finished_.end() ? nullptr : it->feed;
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
  std::vector<std::shared_ptr<run_feed>> runs;
  runs.reserve(finished_.size());
  for (const kept_run& kept : finished_)
    runs.push_back(kept.feed);
  return runs;
}

}  // namespace ariadne
