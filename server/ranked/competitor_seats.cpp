#include "server/ranked/competitor_seats.hpp"

#include <spdlog/spdlog.h>

#include <vector>

#include "server/ranked/ranked_runs.hpp"

namespace ariadne {

competitor_seats::competitor_seats(run_host& host, competition_hub& hub,
                                   std::chrono::seconds resume_window)
    : host_(host),
      hub_(hub),
      window_(resume_window),
      reaper_([this](const std::stop_token& stop) { reap_loop(stop); }) {}

void competitor_seats::claim(std::int64_t competitor, std::uint64_t key, let_go_fn let_go,
                             handover then, std::optional<clock::time_point> awaits_until) {
  // The callbacks only post to connections' strands, so they are called
  // under the lock: what a connection is told happens in the order the seat
  // changed (a new holder's run reaches it before any request to let go).
  std::lock_guard lock(mutex_);
  seat& s = seats_[competitor];
  if (s.holder != 0) {
    auto dropped = std::exchange(s.waiting, claimer{key, std::move(then), awaits_until});
    // The holder is asked once; a second claimer meanwhile only replaces the first.
    if (dropped) {
      dropped->then(std::nullopt);
    } else if (s.let_go) {
      s.let_go(let_go_reason::replaced);
    }
    s.pending_let_go = std::move(let_go);
  } else {
    s.holder = key;
    s.recorded = false;
    s.moved_to.clear();
    s.let_go = std::move(let_go);
    if (awaits_until && !s.parked) {
      s.awaiting = claimer{key, std::move(then), awaits_until};
      changed_ = true;
      wake_.notify_all();
      return;
    }
    then(std::exchange(s.parked, std::nullopt));
  }
}

void competitor_seats::leave(std::int64_t competitor, std::uint64_t key,
                             std::optional<parked_run> run) {
  std::optional<parked_run> expired;
  {
    std::lock_guard lock(mutex_);
    const auto it = seats_.find(competitor);
    if (it == seats_.end() || it->second.holder != key) {
      // Not the holder (a superseded claimer): it cannot hold a ranked run.
      expired = std::move(run);
    } else {
      seat& s = it->second;
      // A run on its way from another server waits for whoever holds next.
      auto awaited = std::exchange(s.awaiting, std::nullopt);
      if (s.waiting) {
        auto next = std::exchange(s.waiting, std::nullopt);
        s.holder = next->key;
        s.recorded = next->recorded_at.has_value();
        s.recorded_at = next->recorded_at.value_or(clock::time_point{});
        s.let_go = std::move(s.pending_let_go);
        if (!run && (awaited || next->awaits_until)) {
          next->awaits_until = std::max(awaited ? *awaited->awaits_until : clock::time_point{},
                                        next->awaits_until.value_or(clock::time_point{}));
          s.awaiting = std::move(next);
        } else {
          next->then(std::move(run));
        }
      } else {
        s.holder = 0;
        s.let_go = nullptr;
        if (run && window_.count() > 0) {
          s.parked_until = parked_until(*run);
          s.parked = std::move(run);
          run.reset();
        }
        expired = std::move(run);
        if (!s.parked) seats_.erase(it);
      }
    }
    changed_ = true;
  }
  wake_.notify_all();
  if (expired) abandon(std::move(*expired));
}

bool competitor_seats::claimed_here(std::int64_t competitor) const {
  std::lock_guard lock(mutex_);
  const auto it = seats_.find(competitor);
  return it != seats_.end() && it->second.waiting.has_value();
}

bool competitor_seats::superseded(std::int64_t competitor, std::uint64_t key) const {
  std::lock_guard lock(mutex_);
  const auto it = seats_.find(competitor);
  return it == seats_.end() || it->second.holder != key;
}

void competitor_seats::evict(std::int64_t competitor) {
  std::lock_guard lock(mutex_);
  const auto it = seats_.find(competitor);
  if (it != seats_.end() && it->second.holder != 0 && it->second.let_go) {
    it->second.let_go(let_go_reason::withdrawn);
  }
}

void competitor_seats::hello_recorded(std::int64_t competitor, std::uint64_t key) {
  std::lock_guard lock(mutex_);
  const auto it = seats_.find(competitor);
  if (it == seats_.end()) return;
  seat& s = it->second;
  if (s.holder == key) {
    s.recorded = true;
    s.recorded_at = clock::now();
  } else if (s.waiting && s.waiting->key == key) {
    // A takeover on this server: it holds once the holder has let go.
    s.waiting->recorded_at = clock::now();
  }
}

void competitor_seats::moved_elsewhere(std::int64_t competitor, const std::string& node,
                                       clock::time_point read_from) {
  std::optional<parked_run> parked;
  {
    std::lock_guard lock(mutex_);
    const auto it = seats_.find(competitor);
    if (it == seats_.end()) return;
    seat& s = it->second;
    if (s.holder != 0) {
      // Asked again at each reading of the store until it has let go; a
      // reading begun before the holder's seat was recorded may not show it.
      if (s.recorded && s.recorded_at < read_from && s.let_go) {
        s.moved_to = node;
        s.let_go(let_go_reason::moved);
      }
      return;
    }
    parked = std::exchange(s.parked, std::nullopt);
    seats_.erase(it);
    changed_ = true;
  }
  if (parked) hand_off(std::move(*parked), node, nullptr);
}

void competitor_seats::stop_awaiting(std::int64_t competitor) {
  {
    std::lock_guard lock(mutex_);
    const auto it = seats_.find(competitor);
    if (it == seats_.end() || !it->second.awaiting) return;
    // The reaper lets it go, as when its wait ends.
    it->second.awaiting->awaits_until = clock::now();
    changed_ = true;
  }
  wake_.notify_all();
}

std::string competitor_seats::moved_to(std::int64_t competitor) const {
  std::lock_guard lock(mutex_);
  const auto it = seats_.find(competitor);
  return it == seats_.end() ? std::string() : it->second.moved_to;
}

void competitor_seats::hand_off(parked_run run, const std::string& to,
                                std::function<void(bool)> done) {
  const bool whole = run.feed && !run.feed->moves().full();
  if (!whole || to.empty() || to == hub_.node_name()) {
    // Its moves cannot be played again there (more than the feed keeps): it
    // ends here, as a run nobody took over, and its attempt is used. Given
    // back, it would be a new maze for the same attempt.
    abandon(std::move(run));
    if (done) done(true);
    return;
  }
  std::string moves;
  run.feed->moves().copy(0, run.feed->moves().size(), moves);
  spdlog::info(
      "run {} of '{}' ({}): its competitor plays on server '{}': handed over there "
      "after {} moves",
      run.game.current()->id(), run.record.competitor_name, run.record.challenge, to, moves.size());
  host_.runs.forget(run.feed->run_id());
  // The counters outlive the hub's writer, whose thread calls this; the seats may not.
  hub_.hand_off(run.record, std::move(moves), to,
                [stats = &host_.counters, done = std::move(done)](bool handed) {
                  if (handed) stats->runs_handed_out.fetch_add(1, std::memory_order_relaxed);
                  if (done) done(handed);
                });
}

void competitor_seats::arrive(parked_run run) {
  std::optional<parked_run> unwanted;
  {
    std::lock_guard lock(mutex_);
    seat& s = seats_[run.record.competitor];
    if (s.awaiting && s.holder == s.awaiting->key) {
      handover then = std::move(s.awaiting->then);
      s.awaiting.reset();
      then(std::move(run));
    } else if (s.holder == 0 && !s.parked && window_.count() > 0) {
      s.parked_until = parked_until(run);
      s.parked = std::move(run);
    } else {
      unwanted = std::move(run);
    }
    changed_ = true;
  }
  wake_.notify_all();
  if (unwanted) abandon(std::move(*unwanted));
}

void competitor_seats::give_back_parked() {
  std::vector<parked_run> runs;
  {
    std::lock_guard lock(mutex_);
    for (auto& [id, s] : seats_) {
      if (s.parked) runs.push_back(std::move(*s.parked));
      s.parked.reset();
    }
    changed_ = true;
  }
  wake_.notify_all();
  for (parked_run& run : runs) {
    spdlog::info("run {} of '{}' ({}): waiting for its competitor as the server stops: given back",
                 run.game.current()->id(), run.record.competitor_name, run.record.challenge);
    if (run.feed) host_.runs.close(run.feed->run_id());
    hub_.give_back_attempt(run.record, nullptr);
  }
}

std::size_t competitor_seats::parked() const {
  std::lock_guard lock(mutex_);
  std::size_t count = 0;
  for (const auto& [id, s] : seats_)
    count += s.parked.has_value();
  return count;
}

competitor_seats::clock::time_point competitor_seats::parked_until(const parked_run& run) const {
  // Never past the run's own time limit: hops between servers, each parking
  // it afresh, cannot keep a run in play longer than it may last.
  const clock::time_point until = clock::now() + window_;
  const auto deadline = run.game.current()->deadline();
  return deadline ? std::min(until, *deadline) : until;
}

void competitor_seats::abandon(parked_run left) {
  left.game.expire_if_due(clock::now());  // past its time limit: timeout
  left.game.leave();
  const run& r = *left.game.current();
  const run_result result = r.result();
  host_.counters.count_finished(result.status);
  record_ranked_end(hub_, left.record, result, left.feed.get(), nullptr);
  if (left.feed) host_.runs.close(left.feed->run_id());
  spdlog::info("run {} of '{}' ({}): nobody took it over: {}", r.id(), left.record.competitor_name,
               left.record.challenge, to_string(result.status));
}

void competitor_seats::reap_loop(const std::stop_token& stop) {
  std::unique_lock lock(mutex_);
  while (!stop.stop_requested()) {
    std::optional<clock::time_point> next;
    std::vector<parked_run> due;
    const auto now = clock::now();
    for (auto it = seats_.begin(); it != seats_.end();) {
      seat& s = it->second;
      // A run on its way from another server that did not come in time.
      if (s.awaiting && *s.awaiting->awaits_until <= now) {
        handover then = std::move(s.awaiting->then);
        s.awaiting.reset();
        then(std::nullopt);
      }
      if (s.awaiting && (!next || *s.awaiting->awaits_until < *next)) {
        next = *s.awaiting->awaits_until;
      }
      if (s.parked && s.parked_until <= now) {
        due.push_back(std::move(*s.parked));
        s.parked.reset();
      }
      if (s.parked && (!next || s.parked_until < *next)) next = s.parked_until;
      it = s.holder == 0 && !s.parked ? seats_.erase(it) : std::next(it);
    }
    if (!due.empty()) {
      lock.unlock();
      for (parked_run& run : due)
        abandon(std::move(run));
      lock.lock();
      continue;
    }
    changed_ = false;
    if (next) {
      wake_.wait_until(lock, stop, *next, [this] { return changed_; });
    } else {
      wake_.wait(lock, stop, [this] { return changed_; });
    }
  }
}

}  // namespace ariadne
