#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace ariadne {

// A few worker threads for costly jobs (setting up a big run), so that they
// never run on the I/O threads. Admission by cost: a job is refused when the
// cost of the jobs waiting and running would pass the budget (an idle pool
// takes any one job), so the pool never holds more work than it can finish
// promptly. Workers run at a lower
// priority than the I/O threads where the system allows it.
class job_pool {
 public:
  job_pool(unsigned workers, std::uint64_t cost_budget);
  ~job_pool();

  job_pool(const job_pool&) = delete;
  job_pool& operator=(const job_pool&) = delete;

  // Queues job at cost, behind the jobs of the same key; false (and the job
  // is dropped) when the budget is spent or the pool has stopped. A job that
  // throws is ended there; the worker goes on. Thread-safe.
  bool try_submit(std::uint64_t cost, const std::string& key, std::function<void()> job);

  // Stops taking jobs, drops those waiting (destroying them on this thread),
  // waits for the running ones and joins the workers. Idempotent.
  void stop();

  std::uint64_t cost_in_use() const;
  std::uint64_t budget() const { return budget_; }

 private:
  struct entry {
    std::uint64_t cost = 0;
    std::function<void()> job;
  };

  void work();

  std::uint64_t budget_;
  mutable std::mutex mutex_;  // guards what follows
  std::condition_variable ready_;
  std::map<std::string, std::deque<entry>> waiting_;  // by key
  std::deque<std::string> turns_;                     // keys with jobs waiting, in turn
  std::uint64_t in_use_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace ariadne
