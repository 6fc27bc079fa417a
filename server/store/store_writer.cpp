#include "server/store/store_writer.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <exception>
#include <string>
#include <vector>

#include "server/store/store_error.hpp"

namespace ariadne {

store_writer::store_writer(std::unique_ptr<results_store> store, std::function<void()> after_commit,
                           std::chrono::milliseconds hold)
    : store_(std::move(store)),
      after_commit_(std::move(after_commit)),
      hold_(hold),
      thread_([this](const std::stop_token& stop) { loop(stop); }) {}

void store_writer::enqueue(entry e) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(std::move(e));
  }
  wake_.notify_one();
}

void store_writer::submit(job work, done finished, std::optional<std::int64_t> lock) {
  enqueue({std::move(work), std::move(finished), true, clock::now() + hold_, lock});
}

void store_writer::read(job work, done finished) {
  enqueue({std::move(work), std::move(finished), false, clock::now() + hold_, {}});
}

void store_writer::read_now(job work, done finished) {
  enqueue({std::move(work), std::move(finished), false, clock::now(), {}});
}

store_writer::clock::time_point store_writer::fail_due(std::vector<entry>& batch) {
  const auto now = clock::now();
  std::vector<done> failed;
  {
    std::lock_guard lock(mutex_);
    for (auto it = queue_.begin(); it != queue_.end();) {
      if (it->due > now) {
        ++it;
        continue;
      }
      failed.push_back(std::move(it->finished));
      it = queue_.erase(it);
    }
  }
  auto next = clock::time_point::max();
  for (entry& e : batch) {
    if (!e.work) continue;
    if (e.due > now) {
      next = std::min(next, e.due);
      continue;
    }
    failed.push_back(std::move(e.finished));
    e.finished = nullptr;
    e.work = nullptr;
  }
  for (done& d : failed) {
    ++failed_in_outage_;
    if (d) d(false);
  }
  return next;
}

bool store_writer::run_batch(std::vector<entry>& batch, std::vector<bool>& ok) {
  bool writes = false;
  for (const entry& e : batch)
    writes = writes || (e.work && e.writes);
  ok.assign(batch.size(), true);
  // A job's error is logged once its transaction is known to have landed:
  // else the store failed, which retry() reports.
  std::vector<std::string> job_errors;
  std::vector<std::int64_t> locks;
  for (const entry& e : batch)
    if (e.work && e.lock) locks.push_back(*e.lock);
  std::sort(locks.begin(), locks.end());
  locks.erase(std::unique(locks.begin(), locks.end()), locks.end());
  try {
    if (writes) store_->begin();
    for (const std::int64_t competitor : locks)
      store_->lock_competitor(competitor);
    for (std::size_t i = 0; i < batch.size(); ++i) {
      if (!batch[i].work) continue;  // failed in an outage: dropped
      try {
        batch[i].work(*store_);
      } catch (const std::exception& e) {
        // One bad job must not lose the others' writes.
        job_errors.emplace_back(e.what());
        ok[i] = false;
      }
    }
    // Reads that all failed are a store that failed.
    if (!writes && job_errors.size() == batch.size()) throw store_error(job_errors.front());
    if (writes) store_->commit();
    for (const std::string& e : job_errors)
      spdlog::error("store: {}", e);
    return true;
  } catch (const std::exception& e) {
    last_error_ = job_errors.empty() ? e.what() : job_errors.front();
    try {
      store_->rollback();
    } catch (const std::exception&) {
    }
    return false;
  }
}

bool store_writer::run_alone(std::vector<entry>& batch, std::vector<bool>& ok) {
  std::vector<entry> one(1);
  std::vector<bool> one_ok;
  for (std::size_t i = 0; i < batch.size(); ++i) {
    if (!batch[i].work) continue;
    one[0] = std::move(batch[i]);
    ok[i] = run_batch(one, one_ok) && one_ok[0];
    batch[i] = std::move(one[0]);
  }
  // Every job failing alone too: the store itself fails (the retries follow).
  return std::find(ok.begin(), ok.end(), true) != ok.end();
}

bool store_writer::retry(std::vector<entry>& batch, std::vector<bool>& ok,
                         clock::time_point started, const std::stop_token& stop) {
  const std::string failure = last_error_;
  if (!outage_since_ && probe()) {
    // The store answers: a job failed the batch (each is tried alone), or a
    // lock another process held (tried again a few times).
    spdlog::error("store: the transaction failed: {}", failure);
    if (batch.size() > 1 && run_alone(batch, ok)) return true;
    for (int attempt = 1; attempt < attempts; ++attempt) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100 << attempt));
      if (run_batch(batch, ok)) return true;
      if (!probe()) break;
    }
    if (probe()) {
      spdlog::error("store: {} writes failed after {} tries: {}", batch.size(), attempts,
                    last_error_);
      return false;
    }
  }
  if (!outage_since_) begin_outage(failure);
  auto pause = std::chrono::milliseconds(200);
  for (;;) {
    const auto next_due = fail_due(batch);
    if (next_due == clock::time_point::max()) return false;  // every job failed
    if (stop.stop_requested() && clock::now() - started > std::chrono::seconds(5)) return false;
    // Awake when a job falls due, to tell its client then.
    std::this_thread::sleep_until(std::min(clock::now() + pause, next_due));
    pause = std::min(pause * 2, std::chrono::milliseconds(1000));
    if (!probe()) continue;
    if (run_batch(batch, ok)) return true;
  }
}

bool store_writer::probe() {
  try {
    store_->meta("schema_version");
  } catch (const std::exception& e) {
    last_error_ = e.what();
    return false;
  }
  if (outage_since_) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - *outage_since_).count();
    spdlog::warn("store: the database answers again after {:.1f} s ({} jobs failed meanwhile)",
                 seconds, failed_in_outage_);
    outage_since_.reset();
    failed_in_outage_ = 0;
    reachable_.store(true, std::memory_order_release);
  }
  return true;
}

void store_writer::begin_outage(const std::string& why) {
  outage_since_ = std::chrono::steady_clock::now();
  reachable_.store(false, std::memory_order_release);
  spdlog::error(
      "store: the database does not answer ({}); results are held up to {:.0f} s and tried again, "
      "logins and ranked starts are refused as busy until it answers",
      why, std::chrono::duration<double>(hold_).count());
}

std::size_t store_writer::backlog() const {
  std::lock_guard lock(mutex_);
  return queue_.size() + in_flight_;
}

double store_writer::commit_seconds() const {
  std::lock_guard lock(mutex_);
  return commit_seconds_;
}

std::string store_writer::prometheus_text() const {
  return "# HELP ariadne_store_commit_seconds Time the store took per transaction (a group of "
         "writes).\n# TYPE ariadne_store_commit_seconds summary\n"
         "ariadne_store_commit_seconds_sum " +
         std::to_string(commit_seconds()) + "\nariadne_store_commit_seconds_count " +
         std::to_string(commits()) +
         "\n# HELP ariadne_store_backlog Writes waiting for the store.\n"
         "# TYPE ariadne_store_backlog gauge\nariadne_store_backlog " +
         std::to_string(backlog()) +
         "\n# HELP ariadne_store_reachable 1 while the store answers, 0 during an outage.\n"
         "# TYPE ariadne_store_reachable gauge\nariadne_store_reachable " +
         (reachable() ? "1" : "0") + "\n";
}

std::uint64_t store_writer::commits() const {
  std::lock_guard lock(mutex_);
  return commits_;
}

void store_writer::loop(const std::stop_token& stop) {
  std::vector<entry> batch;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      if (outage_since_) {
        // In an outage the store is probed every second, work or not.
        if (!wake_.wait_for(lock, stop, std::chrono::seconds(1),
                            [this] { return !queue_.empty(); })) {
          if (stop.stop_requested()) return;
          lock.unlock();
          probe();
          continue;
        }
      } else {
        wake_.wait(lock, stop, [this] { return !queue_.empty(); });
      }
      if (queue_.empty()) return;  // stopping, and everything is written
      batch.assign(std::make_move_iterator(queue_.begin()), std::make_move_iterator(queue_.end()));
      queue_.clear();
      in_flight_ = batch.size();
    }
    const auto started = clock::now();
    std::vector<bool> ok(batch.size(), false);
    // In an outage, what waited in the queue past its hold is not tried.
    const bool tried = !outage_since_ || fail_due(batch) != clock::time_point::max();
    bool writes = false;
    for (const entry& e : batch)
      writes = writes || (e.work && e.writes);
    bool durable = false;
    if (tried) {
      durable = run_batch(batch, ok) || retry(batch, ok, started, stop);
      if (durable && outage_since_) probe();  // ends the outage
      const double seconds = std::chrono::duration<double>(clock::now() - started).count();
      std::lock_guard lock(mutex_);
      commit_seconds_ += seconds;
      ++commits_;
    }
    if (durable && writes && after_commit_) after_commit_();
    for (std::size_t i = 0; i < batch.size(); ++i) {
      if (!batch[i].finished) continue;  // failed in the outage already
      if (outage_since_ && !(durable && ok[i])) ++failed_in_outage_;
      batch[i].finished(durable && ok[i]);
    }
    batch.clear();
    {
      std::lock_guard lock(mutex_);
      in_flight_ = 0;
    }
    idle_.notify_all();
  }
}

void store_writer::wait_idle() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return queue_.empty() && in_flight_ == 0; });
}

}  // namespace ariadne
