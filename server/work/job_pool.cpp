#include "server/work/job_pool.hpp"

#include <algorithm>
#include <limits>

#include <sys/resource.h>
#include <unistd.h>

namespace ariadne {

job_pool::job_pool(unsigned workers, std::uint64_t cost_budget, std::uint64_t quick_cost)
    : budget_(cost_budget) {
  workers_.reserve(workers + 1);
  for (unsigned i = 0; i < workers; ++i)
    workers_.emplace_back([this] { work(std::numeric_limits<std::uint64_t>::max()); });
  if (workers > 0 && quick_cost > 0)
    workers_.emplace_back([this, quick_cost] { work(quick_cost); });
}

job_pool::~job_pool() {
  stop();
}

bool job_pool::try_submit(std::uint64_t cost, const std::string& key, std::function<void()> job,
                          lane in) {
  {
    std::lock_guard lock(mutex_);
    queue& q = lanes_[static_cast<std::size_t>(in)];
    const std::uint64_t half = budget_ / 2;
    // An idle pool takes any one job, however big: the budget bounds the
    // queue, not what a single job may be. Viewers' jobs fill half of it at
    // most, and count no more than that half against the players' (one
    // big viewer's job taken by an idle pool does not shut starts out).
    const std::uint64_t viewers = std::min(lanes_[1].in_use, half);
    const std::uint64_t room = in == lane::play ? budget_ - viewers : half;
    const bool fits = in_use_ == 0 || (q.in_use < room && cost <= room - q.in_use &&
                                       (in == lane::play || cost <= budget_ - in_use_));
    if (stopping_ || workers_.empty() || !fits) return false;
    in_use_ += cost;
    q.in_use += cost;
    auto& mine = q.waiting[key];
    if (mine.empty()) q.turns.push_back(key);
    mine.push_back({cost, in, std::move(job)});
  }
  // Every worker: the one woken must be one that may take this job.
  ready_.notify_all();
  return true;
}

std::deque<std::string>::const_iterator job_pool::next_turn(const queue& q,
                                                            std::uint64_t most) const {
  auto turn = q.turns.begin();
  while (turn != q.turns.end() && q.waiting.at(*turn).front().cost > most)
    ++turn;
  return turn;
}

bool job_pool::has_work(std::uint64_t most) const {
  return std::any_of(std::begin(lanes_), std::end(lanes_),
                     [&](const queue& q) { return next_turn(q, most) != q.turns.end(); });
}

bool job_pool::take(entry& next, std::uint64_t most) {
  for (queue& q : lanes_) {
    // The first key in turn whose oldest job this worker may take gives it,
    // then goes to the back.
    const auto turn = next_turn(q, most);
    if (turn == q.turns.end()) continue;
    std::string key = *turn;
    q.turns.erase(turn);
    auto& mine = q.waiting.at(key);
    next = std::move(mine.front());
    mine.pop_front();
    if (mine.empty()) {
      q.waiting.erase(key);
    } else {
      q.turns.push_back(std::move(key));
    }
    return true;
  }
  return false;
}

std::uint64_t job_pool::cost_in_use() const {
  std::lock_guard lock(mutex_);
  return in_use_;
}

void job_pool::stop() {
  queue dropped[2];
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
    for (std::size_t i = 0; i < 2; ++i) {
      dropped[i].waiting.swap(lanes_[i].waiting);
      lanes_[i].turns.clear();
    }
  }
  ready_.notify_all();
  for (queue& q : dropped)
    q.waiting.clear();
  for (auto& worker : workers_)
    worker.join();
  workers_.clear();
}

void job_pool::work(std::uint64_t most) {
  // Nice 10 for this thread only (Linux): the I/O threads come first.
  (void)::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), 10);
  for (;;) {
    entry next;
    {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [&] { return stopping_ || has_work(most); });
      if (stopping_ || !take(next, most)) return;
    }
    try {
      next.job();
    } catch (...) {
      // The job answers its own failures; one that escapes must not end the pool.
    }
    next.job = nullptr;
    std::lock_guard lock(mutex_);
    in_use_ -= next.cost;
    lanes_[static_cast<std::size_t>(next.in)].in_use -= next.cost;
  }
}

}  // namespace ariadne
