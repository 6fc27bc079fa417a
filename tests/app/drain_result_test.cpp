#include "server/app/client_session.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>

#include "core/maze/micromouse_text.hpp"
#include "server/app/server_context.hpp"
#include "server/competition/rules/secrets.hpp"
#include "server/store/sqlite_store.hpp"
#include "tests/support/temp_dir.hpp"

namespace ariadne {
namespace {

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

// A server that begins to drain while a ranked result is being written:
// the result still reaches its connection, which closes (1001) after it.
TEST(drain_result, a_ranked_result_being_written_is_sent_before_the_drain_closes) {
  testing::temp_dir dir;
  server_config config;
  config.competition = dir.write("cup.json", R"({"name": "c", "challenges": [
      {"id": "x", "maze": {"name": "tiny"}, "attempts": 3}]})");
  config.db = dir.file("cup.db");
  {
    sqlite_store store(config.db);
    ASSERT_TRUE(store.add_competitor("alice", token_hash("alice-token"), 1));
  }
  maze_catalog catalog;
  catalog.add("tiny", read_micromouse_text("o---o---o\n| S   G |\no---o---o\n"));
  server_context context(config, std::move(catalog));
  const auto now = client_session::clock::now();
  client_session session(context, "s1", "test", "127.0.0.1", now);
  auto sink = std::make_shared<queued_sink>();
  session.on_open(sink);
  auto frame = [&](const json& message) {
    std::string reply;
    if (session.handle(message.dump(), reply, now) == client_session::frame_result::answered) {
      sink->take(json::parse(reply));
    }
  };
  frame({{"type", "hello"}, {"name", "a"}, {"token", "alice-token"}});
  ASSERT_FALSE(sink->pump_until("welcome").is_null());
  frame({{"type", "start"}, {"challenge", "x"}});
  ASSERT_FALSE(sink->pump_until("state").is_null());
  // The one move to the treasure: its reply waits for the store.
  frame({{"type", "move"}, {"dir", "E"}});
  context.begin_draining();
  session.on_wake(now);
  EXPECT_FALSE(sink->closed()) << "closed while the result was being written";
  EXPECT_FALSE(session.close_requested());
  const json result = sink->pump_until([](const json& r) { return r.contains("result"); });
  ASSERT_FALSE(result.is_null());
  EXPECT_EQ(result["result"]["status"], "found");
  sink->pump();
  EXPECT_FALSE(sink->closed());
  const auto close = session.close_requested();
  ASSERT_TRUE(close);
  EXPECT_EQ(close->code, 1001);
}

}  // namespace
}  // namespace ariadne
