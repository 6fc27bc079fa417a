#include "server/live/run_feed.hpp"

#include <algorithm>

#include "core/game/run.hpp"

namespace ariadne {

run_feed::run_feed(std::uint64_t run_id, std::string player, std::string challenge,
                   std::uint64_t max_moves, std::uint64_t boot, std::string bot)
    : run_id_(run_id),
      boot_(boot),
      player_(std::move(player)),
      bot_(std::move(bot)),
      challenge_(std::move(challenge)),
      moves_(max_moves) {}

std::shared_ptr<run_subscription> run_feed::subscribe(std::size_t queue_capacity,
                                                      std::function<void()> wake) {
  auto subscription = std::make_shared<run_subscription>(queue_capacity, std::move(wake));
  std::lock_guard lock(mutex_);
  if (finished_) {
    subscription->close(false);
    return subscription;
  }
  subscriptions_.push_back(subscription);
  listeners_.store(subscriptions_.size(), std::memory_order_seq_cst);
  return subscription;
}

void run_feed::unsubscribe(const std::shared_ptr<run_subscription>& subscription) {
  {
    std::lock_guard lock(mutex_);
    std::erase(subscriptions_, subscription);
    listeners_.store(subscriptions_.size(), std::memory_order_seq_cst);
  }
  subscription->detach();
}

run_summary run_feed::summary() const {
  run_summary s;
  {
    std::lock_guard lock(mutex_);
    s.start = start_;
    s.result = result_;
    s.ended_at = ended_at_;
  }
  s.steps = steps_.load(std::memory_order_relaxed);
  s.bumps = bumps_.load(std::memory_order_relaxed);
  s.found = found_.load(std::memory_order_relaxed);
  s.status = status_.load(std::memory_order_relaxed);
  return s;
}

bool run_feed::add_spectator(std::size_t limit) {
  std::size_t now = spectators_.load(std::memory_order_relaxed);
  do {
    if (now >= limit) return false;
  } while (!spectators_.compare_exchange_weak(now, now + 1, std::memory_order_relaxed));
  return true;
}

std::shared_ptr<const std::string> run_feed::replay() const {
  std::lock_guard lock(mutex_);
  return replay_;
}

void run_feed::keep_replay(std::shared_ptr<const std::string> text) {
  std::lock_guard lock(mutex_);
  if (!replay_) replay_ = std::move(text);
}

std::uint64_t run_feed::held_bytes() const {
  std::uint64_t bytes = sizeof(run_feed) + moves_.bytes() + paint_.bytes();
  std::lock_guard lock(mutex_);
  return bytes + (replay_ ? replay_->capacity() : 0);
}

void run_feed::on_event(const run& r, const run_event& event) {
  steps_.store(r.steps(), std::memory_order_relaxed);
  bumps_.store(r.bumps(), std::memory_order_relaxed);
  found_.store(r.found(), std::memory_order_relaxed);
  status_.store(r.status(), std::memory_order_relaxed);
  // Only the run's thread writes seq_; sequentially consistent with
  // subscribe's store of listeners_, so a new listener misses no event after
  // the seq it could have read.
  const std::uint64_t seq = seq_.load(std::memory_order_relaxed) + 1;
  seq_.store(seq, std::memory_order_seq_cst);
  if (event.kind == run_event_kind::moved || event.kind == run_event_kind::bumped) {
    moves_.append(event.dir);
  }

  const bool started = event.kind == run_event_kind::started;
  const bool finished = event.kind == run_event_kind::finished;
  if (!started && !finished && listeners_.load(std::memory_order_seq_cst) == 0) return;

  std::shared_ptr<feed_detail> detail;
  if (started) {
    detail = std::make_shared<feed_detail>();
    auto start =
        std::make_shared<run_start>(start_of(r, player_, bot_, std::chrono::system_clock::now()));
    start->run_id = run_id_;
    detail->start = std::move(start);
  } else if (event.kind == run_event_kind::walls_removed) {
    detail = std::make_shared<feed_detail>();
    detail->walls.assign(event.walls.begin(), event.walls.end());
  } else if (finished) {
    detail = std::make_shared<feed_detail>();
    detail->result = r.result();
  }

  const feed_event out{seq,       event.kind, event.dir, r.status(), event.position, event.treasure,
                       r.steps(), r.bumps(),  r.found(), detail};
  {
    std::lock_guard lock(mutex_);
    if (started) start_ = detail->start;
    if (finished) {
      result_ = detail->result;
      ended_at_ = std::chrono::system_clock::now();
      finished_ = true;
    }
    // Push to every listener; one whose queue is full is dropped (push closes it).
    std::erase_if(subscriptions_, [&](const auto& s) {
      const bool kept = s->push(out) && !finished;
      if (finished) s->close(false);
      if (s->take_waiting()) waking_.push_back(s);
      return !kept;
    });
    listeners_.store(subscriptions_.size(), std::memory_order_seq_cst);
  }
  // Wakes run outside the lock: a listener's wake may post, or read the feed.
  for (const auto& s : waking_)
    s->wake();
  waking_.clear();
}

}  // namespace ariadne
