#include "server/work/job_pool.hpp"

#include <sys/resource.h>
#include <unistd.h>

namespace ariadne {

job_pool::job_pool(unsigned workers, std::uint64_t cost_budget) : budget_(cost_budget) {
  workers_.reserve(workers);
  for (unsigned i = 0; i < workers; ++i)
    workers_.emplace_back([this] { work(); });
}

job_pool::~job_pool() {
  stop();
}

bool job_pool::try_submit(std::uint64_t cost, const std::string& key, std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    // An idle pool takes any one job, however big: the budget bounds the
    // queue, not what a single job may be.
    const bool fits = in_use_ == 0 || (in_use_ < budget_ && cost <= budget_ - in_use_);
    if (stopping_ || workers_.empty() || !fits) return false;
    in_use_ += cost;
    auto& mine = waiting_[key];
    if (mine.empty()) turns_.push_back(key);
    mine.push_back({cost, std::move(job)});
  }
  ready_.notify_one();
  return true;
}

std::uint64_t job_pool::cost_in_use() const {
  std::lock_guard lock(mutex_);
  return in_use_;
}

void job_pool::stop() {
  std::map<std::string, std::deque<entry>> dropped;
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
    dropped.swap(waiting_);
    turns_.clear();
  }
  ready_.notify_all();
  dropped.clear();
  for (auto& worker : workers_)
    worker.join();
  workers_.clear();
}

void job_pool::work() {
  // Nice 10 for this thread only (Linux): the I/O threads come first.
  (void)::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), 10);
  for (;;) {
    entry next;
    {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [&] { return stopping_ || !turns_.empty(); });
      if (turns_.empty()) return;
      // The key whose turn it is gives its oldest job, then goes to the back.
      const std::string key = std::move(turns_.front());
      turns_.pop_front();
      auto& mine = waiting_[key];
      next = std::move(mine.front());
      mine.pop_front();
      if (mine.empty()) {
        waiting_.erase(key);
      } else {
        turns_.push_back(key);
      }
    }
    try {
      next.job();
    } catch (...) {
      // The job answers its own failures; one that escapes must not end the pool.
    }
    next.job = nullptr;
    std::lock_guard lock(mutex_);
    in_use_ -= next.cost;
  }
}

}  // namespace ariadne
