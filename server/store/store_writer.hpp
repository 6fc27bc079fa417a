#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "server/store/results_store.hpp"

namespace ariadne {

// The one thread that calls a results_store, fed by a queue: nothing else in
// the server touches the database. Jobs waiting together run in one
// transaction (a group commit: one fsync for many results), and each job's
// `done` is called after that transaction is durable, in submission order,
// with false when it failed and its error logged (in an outage, a job that
// falls due is told before any queued ahead of it that are due later). A store that
// stops answering (PostgreSQL restarting or out of reach) is an outage:
// logged once as it begins and once as it ends, its writes held and tried
// again with backoff, each for up to the hold from when it was queued (then
// it fails, and its write is dropped: it never lands later), the store
// probed every second meanwhile, reachable() false until it answers again.
// Thread-safe.
class store_writer {
 public:
  using job = std::function<void(results_store&)>;
  using done = std::function<void(bool durable)>;

  // after_commit runs on the store thread after each transaction that wrote.
  // Destroying it runs what is queued, then stops the thread.
  // hold: how long a job is held in an outage (hold_limit but in tests).
  explicit store_writer(std::unique_ptr<results_store> store,
                        std::function<void()> after_commit = {},
                        std::chrono::milliseconds hold = hold_limit);

  store_writer(const store_writer&) = delete;
  store_writer& operator=(const store_writer&) = delete;

  // lock: a competitor whose lock (results_store::lock_competitor) the job
  // takes. A batch takes its jobs' locks first, in the competitors' order,
  // so that two servers' batches never wait on each other in a cycle.
  void submit(job work, done finished = {}, std::optional<std::int64_t> lock = {});
  // A job that only reads: a batch of reads alone opens no transaction and
  // triggers no after_commit.
  void read(job work, done finished = {});
  // A read a client waits on (a login): in an outage it fails at once, in
  // or out of order, rather than wait with the writes held.
  void read_now(job work, done finished);
  // Jobs queued and not yet done.
  std::size_t backlog() const;
  // Blocks until no job is queued or running (in an outage, up to the
  // hold): their `finished` calls made and the jobs destroyed, with
  // whatever they held (a connection waiting on a login's lookup).
  void wait_idle();
  // False during an outage: what needs the store now (a login, a ranked
  // start) is refused as busy rather than queued behind it.
  bool reachable() const { return reachable_.load(std::memory_order_acquire); }
  // How long a write is held in an outage, from when it was queued, before
  // it is reported failed: a statement in flight then may add its answer
  // limit (postgres_connection), nothing more.
  static constexpr std::chrono::seconds hold_limit{30};
  // Seconds each transaction took, summed, and how many there were.
  double commit_seconds() const;
  std::uint64_t commits() const;
  // Prometheus lines: commit latency, backlog, reachable.
  std::string prometheus_text() const;

 private:
  using clock = std::chrono::steady_clock;
  struct entry {
    job work;  // null once failed in an outage: never run
    done finished;
    bool writes = true;
    clock::time_point due;  // in an outage, failed from then (read_now's: at once)
    std::optional<std::int64_t> lock;
  };
  void enqueue(entry e);
  void loop(const std::stop_token& stop);
  // Runs a batch, in one transaction when it writes; false when that
  // transaction failed (it is then rolled back). ok[i]: job i succeeded.
  // A failed one keeps its first error in last_error_.
  bool run_batch(std::vector<entry>& batch, std::vector<bool>& ok);
  // After a batch failed: when the store still answers, each job alone,
  // then the batch a few times more (a lock held by another process); else
  // the batch through the outage, each job until it is due. Stopping, what
  // is held gets a few seconds from `started`, not the whole hold.
  bool retry(std::vector<entry>& batch, std::vector<bool>& ok, clock::time_point started,
             const std::stop_token& stop);
  // True when the store answers a read outside any transaction; ends an
  // outage when it does.
  bool probe();
  void begin_outage(const std::string& why);
  // In an outage: fails the jobs due, the batch's and those queued; returns
  // when the next of the batch's is due (max() when none is left).
  clock::time_point fail_due(std::vector<entry>& batch);
  // Each job in a transaction of its own, once, since a failing statement
  // aborts a whole PostgreSQL transaction and must not take the others'
  // writes with it. False when every one failed.
  bool run_alone(std::vector<entry>& batch, std::vector<bool>& ok);

  // A failed transaction (a lock held too long by another process, a full
  // disk) is tried this many times in all, backing off between tries.
  static constexpr int attempts = 5;

  std::unique_ptr<results_store> store_;
  std::function<void()> after_commit_;
  std::chrono::milliseconds hold_;
  mutable std::mutex mutex_;
  std::condition_variable_any wake_;
  std::condition_variable idle_;
  std::deque<entry> queue_;
  std::size_t in_flight_ = 0;
  std::atomic<bool> reachable_{true};
  // The store thread's own.
  std::optional<std::chrono::steady_clock::time_point> outage_since_;
  std::uint64_t failed_in_outage_ = 0;
  std::string last_error_;
  double commit_seconds_ = 0;
  std::uint64_t commits_ = 0;
  std::jthread thread_;  // last: it stops, and is joined, first
};

}  // namespace ariadne
