#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <stop_token>
#include <thread>
#include <vector>

#include "server/store/results_store.hpp"

namespace ariadne {

// The one thread that calls a results_store, fed by a queue: nothing else in
// the server touches the database. Jobs waiting together run in one
// transaction (a group commit: one fsync for many results), and each job's
// `done` is called after that transaction is durable, in submission order,
// with false when it failed (the store's error is logged). Thread-safe.
class store_writer {
 public:
  using job = std::function<void(results_store&)>;
  using done = std::function<void(bool durable)>;

  // after_commit runs on the store thread after each transaction that wrote.
  // Destroying it runs what is queued, then stops the thread.
  explicit store_writer(std::unique_ptr<results_store> store,
                        std::function<void()> after_commit = {});

  store_writer(const store_writer&) = delete;
  store_writer& operator=(const store_writer&) = delete;

  void submit(job work, done finished = {});
  // A job that only reads: a batch of reads alone opens no transaction and
  // triggers no after_commit.
  void read(job work, done finished = {});
  // Jobs queued and not yet done.
  std::size_t backlog() const;
  // Seconds each transaction took, summed, and how many there were.
  double commit_seconds() const;
  std::uint64_t commits() const;

 private:
  struct entry {
    job work;
    done finished;
    bool writes = true;
  };
  void loop(const std::stop_token& stop);
  // Runs a batch, in one transaction when it writes; false when that
  // transaction failed (it is then rolled back). ok[i]: job i succeeded.
  bool run_batch(std::vector<entry>& batch, std::vector<bool>& ok);
  // After a batch failed: each job in a transaction of its own, once, since a
  // failing statement aborts a whole PostgreSQL transaction and must not take
  // the others' writes with it. False when every one failed.
  bool run_alone(std::vector<entry>& batch, std::vector<bool>& ok);

  // A failed transaction (a lock held too long by another process, a full
  // disk) is tried this many times in all, backing off between tries.
  static constexpr int attempts = 5;

  std::unique_ptr<results_store> store_;
  std::function<void()> after_commit_;
  mutable std::mutex mutex_;
  std::condition_variable_any wake_;
  std::deque<entry> queue_;
  std::size_t in_flight_ = 0;
  double commit_seconds_ = 0;
  std::uint64_t commits_ = 0;
  std::jthread thread_;  // last: it stops, and is joined, first
};

}  // namespace ariadne
