#include "server/store/store_writer.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <exception>
#include <vector>

namespace ariadne {

store_writer::store_writer(std::unique_ptr<results_store> store, std::function<void()> after_commit)
    : store_(std::move(store)),
      after_commit_(std::move(after_commit)),
      thread_([this](const std::stop_token& stop) { loop(stop); }) {}

void store_writer::submit(job work, done finished) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back({std::move(work), std::move(finished), true});
  }
  wake_.notify_one();
}

void store_writer::read(job work, done finished) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back({std::move(work), std::move(finished), false});
  }
  wake_.notify_one();
}

bool store_writer::run_batch(std::vector<entry>& batch, std::vector<bool>& ok) {
  bool writes = false;
  for (const entry& e : batch)
    writes = writes || e.writes;
  ok.assign(batch.size(), true);
  try {
    if (writes) store_->begin();
    for (std::size_t i = 0; i < batch.size(); ++i) {
      try {
        batch[i].work(*store_);
      } catch (const std::exception& e) {
        // One bad job must not lose the others' writes.
        spdlog::error("store: {}", e.what());
        ok[i] = false;
      }
    }
    if (writes) store_->commit();
    return true;
  } catch (const std::exception& e) {
    spdlog::error("store: the transaction failed: {}", e.what());
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
    one[0] = std::move(batch[i]);
    ok[i] = run_batch(one, one_ok) && one_ok[0];
    batch[i] = std::move(one[0]);
  }
  // Every job failing alone too: the store itself fails (the retries follow).
  return std::find(ok.begin(), ok.end(), true) != ok.end();
}

std::size_t store_writer::backlog() const {
  std::lock_guard lock(mutex_);
  return queue_.size() + in_flight_;
}

double store_writer::commit_seconds() const {
  std::lock_guard lock(mutex_);
  return commit_seconds_;
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
      wake_.wait(lock, stop, [this] { return !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and everything is written
      batch.assign(std::make_move_iterator(queue_.begin()), std::make_move_iterator(queue_.end()));
      queue_.clear();
      in_flight_ = batch.size();
    }
    const auto started = std::chrono::steady_clock::now();
    std::vector<bool> ok;
    bool writes = false;
    for (const entry& e : batch)
      writes = writes || e.writes;
    bool durable = run_batch(batch, ok);
    if (!durable && batch.size() > 1) durable = run_alone(batch, ok);
    for (int attempt = 1; !durable && attempt < attempts; ++attempt) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100 << attempt));
      durable = run_batch(batch, ok);
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    {
      std::lock_guard lock(mutex_);
      commit_seconds_ += seconds;
      ++commits_;
    }
    if (durable && writes && after_commit_) after_commit_();
    for (std::size_t i = 0; i < batch.size(); ++i) {
      if (batch[i].finished) batch[i].finished(durable && ok[i]);
    }
    batch.clear();
    {
      std::lock_guard lock(mutex_);
      in_flight_ = 0;
    }
  }
}

}  // namespace ariadne
