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
// promptly. Two lanes: the jobs a player waits on (starts) go before those
// a viewer waits on (spectators' catch-up, replays, the baseline), which
// may fill at most half the budget; within a lane, keys (client addresses)
// take turns. With a quick cost, one more worker takes only jobs that cost
// at most that, so a small start never waits behind a big job or a crowd of
// viewers' work. Workers run at a lower priority than the I/O threads where
// the system allows it.
class job_pool {
 public:
  enum class lane : std::uint8_t { play, view };

  job_pool(unsigned workers, std::uint64_t cost_budget, std::uint64_t quick_cost = 0);
  ~job_pool();

  job_pool(const job_pool&) = delete;
  job_pool& operator=(const job_pool&) = delete;

  // Queues job at cost, behind the jobs of the same key; false (and the job
  // is dropped) when the budget is spent or the pool has stopped. A job that
  // throws is ended there; the worker goes on. Thread-safe.
  bool try_submit(std::uint64_t cost, const std::string& key, std::function<void()> job,
                  lane in = lane::play);

  // Stops taking jobs, drops those waiting (destroying them on this thread),
  // waits for the running ones and joins the workers. Idempotent.
  void stop();

  std::uint64_t cost_in_use() const;
  std::uint64_t budget() const { return budget_; }

 private:
  struct entry {
    std::uint64_t cost = 0;
    lane in = lane::play;
    std::function<void()> job;
  };
  struct queue {
    std::map<std::string, std::deque<entry>> waiting;  // by key
    std::deque<std::string> turns;                     // keys with jobs waiting, in turn
    std::uint64_t in_use = 0;                          // waiting and running
  };

  // A worker takes jobs that cost at most `most` (the quick one's limit, or
  // no limit).
  void work(std::uint64_t most);
  // The next job such a worker may take: the play lane's first, then the
  // view lane's.
  bool take(entry& next, std::uint64_t most);
  bool has_work(std::uint64_t most) const;
  // The first key in turn whose oldest job costs at most `most`, or turns.end().
  std::deque<std::string>::const_iterator next_turn(const queue& q, std::uint64_t most) const;

  std::uint64_t budget_;
  mutable std::mutex mutex_;  // guards what follows
  std::condition_variable ready_;
  queue lanes_[2];
  std::uint64_t in_use_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace ariadne
