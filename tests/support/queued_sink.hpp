#pragma once

#include <nlohmann/json.hpp>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/net/message_sink.hpp"

namespace ariadne::testing {

using json = nlohmann::json;

// A connection whose strand is the test's thread: what other threads resume
// or post waits in a queue until pump() runs it there.
class queued_sink : public message_sink {
 public:
  void send(std::shared_ptr<const std::string>) override {}
  void close(std::uint16_t code, std::string) override {
    std::lock_guard lock(mutex_);
    closed_ = code;
  }
  void resume(std::function<bool(std::string& reply)> finish) override {
    queue([this, finish] {
      std::string reply;
      finish(reply);
      if (!reply.empty()) take(json::parse(reply));
    });
  }
  void drop() override {}
  std::size_t backlog() const override { return 0; }
  void post(std::function<void()> work) override { queue(std::move(work)); }
  void wake_at(std::chrono::steady_clock::time_point) override {}
  void read_later(std::chrono::steady_clock::time_point) override {}

  // Runs what is queued, waiting for more, until a reply that `wanted`
  // came (at most 20 s): that reply, or null. Each reply is looked at once.
  json pump_until(const std::function<bool(const json&)>& wanted) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    std::unique_lock lock(mutex_);
    while (true) {
      while (seen_ < replies_.size()) {
        if (wanted(replies_[seen_++])) return replies_[seen_ - 1];
      }
      if (!wake_.wait_until(lock, deadline, [this] { return !work_.empty(); })) return nullptr;
      run_next(lock);
    }
  }
  json pump_until(const std::string& type) {
    return pump_until([&type](const json& r) { return r.value("type", "") == type; });
  }
  // Waits (at most 20 s) until other threads have queued something: true
  // when they did.
  bool wait_for_work() {
    std::unique_lock lock(mutex_);
    return wake_.wait_for(lock, std::chrono::seconds(20), [this] { return !work_.empty(); });
  }
  // Runs what is queued now.
  void pump() {
    std::unique_lock lock(mutex_);
    while (!work_.empty())
      run_next(lock);
  }
  std::optional<std::uint16_t> closed() const {
    std::lock_guard lock(mutex_);
    return closed_;
  }
  void take(const json& reply) {
    std::lock_guard lock(mutex_);
    replies_.push_back(reply);
  }

 private:
  void run_next(std::unique_lock<std::mutex>& lock) {
    auto work = std::move(work_.front());
    work_.pop_front();
    lock.unlock();
    work();
    lock.lock();
  }
  void queue(std::function<void()> work) {
    {
      std::lock_guard lock(mutex_);
      work_.push_back(std::move(work));
    }
    wake_.notify_all();
  }

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> work_;
  std::vector<json> replies_;
  std::size_t seen_ = 0;
  std::optional<std::uint16_t> closed_;
};

}  // namespace ariadne::testing
