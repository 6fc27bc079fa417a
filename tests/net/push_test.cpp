// The transport on its own, over real sockets, with no game behind it:
// WebSocket and HTTP routes, messages pushed from outside a session's read
// loop with one shared buffer, a reader that does not read dropped instead
// of slowing anyone, and an HTTP route that answers later from another thread.
#include <gtest/gtest.h>

#include <condition_variable>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>
#include <vector>

#include "server/net/transport.hpp"
#include "server/net/transport_context.hpp"
#include "tests/support/test_client.hpp"

namespace ariadne {
namespace {

using json = nlohmann::json;
using testing::http_get;
using testing::test_client;

// The sinks of every connection on /push/, for the test to push to.
class board {
 public:
  void add(std::weak_ptr<message_sink> sink) {
    std::lock_guard lock(mutex_);
    sinks_.push_back(std::move(sink));
    joined_.notify_all();
  }
  void remove() {
    std::lock_guard lock(mutex_);
    ++gone_;
    joined_.notify_all();
  }
  // Waits until n sessions have ended; true if they did.
  bool wait_gone(std::size_t n) {
    std::unique_lock lock(mutex_);
    return joined_.wait_for(lock, std::chrono::seconds(10), [&] { return gone_ >= n; });
  }
  // Waits until n connections have opened; their sinks.
  std::vector<std::shared_ptr<message_sink>> wait_for(std::size_t n) {
    std::unique_lock lock(mutex_);
    joined_.wait_for(lock, std::chrono::seconds(10), [&] { return sinks_.size() >= n; });
    std::vector<std::shared_ptr<message_sink>> live;
    for (const auto& weak : sinks_) {
      if (auto sink = weak.lock()) live.push_back(std::move(sink));
    }
    return live;
  }

 private:
  std::mutex mutex_;
  std::condition_variable joined_;
  std::vector<std::weak_ptr<message_sink>> sinks_;
  std::size_t gone_ = 0;
};

// A listener endpoint: says nothing back to frames, remembers its sink.
class push_handler : public websocket_handler {
 public:
  explicit push_handler(board& b) : board_(b) {}
  ~push_handler() override { board_.remove(); }
  void on_open(std::weak_ptr<message_sink> sink) override { board_.add(std::move(sink)); }
  frame_result on_frame(std::string_view, std::string&, clock::time_point) override {
    return frame_result::answered;
  }

 private:
  board& board_;
};

// Says each frame back.
class echo_handler : public websocket_handler {
 public:
  frame_result on_frame(std::string_view frame, std::string& reply, clock::time_point) override {
    reply += frame;
    return frame_result::answered;
  }
};

class push_test : public ::testing::Test {
 protected:
  void SetUp() override {
    transport_config config;
    config.bind = "127.0.0.1";
    config.port = 0;
    config.threads = 2;
    config.write_queue_limit = 8;
    server_ = std::make_unique<transport>(config, "push-test");
    server_->context().websockets().add_prefix(
        "/push/", [this](const connection_info& who) -> websocket_admission {
          if (who.target.find("/push/refused") == 0) {
            return http_answer{404, "text/plain; charset=utf-8", "no such feed\n"};
          }
          return std::make_unique<push_handler>(board_);
        });
    server_->context().websockets().add("/echo", [](const connection_info&) -> websocket_admission {
      return std::make_unique<echo_handler>();
    });
    server_->context().http().add("/later", [this](const http_request& request, http_reply reply) {
      // Answered from another thread, after the handler has returned.
      std::lock_guard lock(helpers_mutex_);
      helpers_.emplace_back([reply = std::move(reply), target = std::string(request.target)] {
        reply(http_answer{200, "text/plain", "later " + target});
      });
    });
    server_->start();
  }
  void TearDown() override {
    for (auto& helper : helpers_)
      helper.join();
    server_->stop();
  }

  board board_;
  std::mutex helpers_mutex_;
  std::vector<std::thread> helpers_;
  std::unique_ptr<transport> server_;
};

TEST_F(push_test, one_buffer_reaches_every_receiver_in_order) {
  std::vector<std::unique_ptr<test_client>> clients;
  for (int i = 0; i < 5; ++i)
    clients.push_back(std::make_unique<test_client>(server_->port(), "/push/a?x=1"));
  const auto sinks = board_.wait_for(5);
  ASSERT_EQ(sinks.size(), 5U);
  for (int n = 0; n < 3; ++n) {
    const auto text = std::make_shared<const std::string>("{\"n\":" + std::to_string(n) + "}");
    for (const auto& sink : sinks)
      sink->send(text);
  }
  for (auto& client : clients) {
    for (int n = 0; n < 3; ++n)
      EXPECT_EQ(client->receive()["n"], n);
  }
  // Another endpoint is untouched beside it.
  test_client other(server_->port(), "/echo");
  EXPECT_EQ(other.call(json{{"n", 7}})["n"], 7);
}

TEST_F(push_test, a_pushed_close_ends_the_connection) {
  test_client client(server_->port(), "/push/b");
  const auto sinks = board_.wait_for(1);
  ASSERT_EQ(sinks.size(), 1U);
  sinks.front()->send(std::make_shared<const std::string>("last"));
  sinks.front()->close(1000, "done");
  EXPECT_EQ(client.receive_text(), "last");
  EXPECT_EQ(client.close_code(), 1000);
}

TEST_F(push_test, a_receiver_that_does_not_read_is_dropped) {
  test_client reader(server_->port(), "/push/c");
  test_client stalled(server_->port(), "/push/c");
  ASSERT_EQ(board_.wait_for(2).size(), 2U);
  // Messages far larger than the socket buffers: the stalled client's queue
  // fills (limit 8) while the reader keeps up.
  const auto big = std::make_shared<const std::string>(std::string(1 << 20, 'x'));
  constexpr int pushes = 40;
  for (int n = 0; n < pushes; ++n) {
    for (const auto& sink : board_.wait_for(2))
      sink->send(big);
    EXPECT_EQ(reader.receive_text().size(), big->size());
  }
  // The stalled client finds what its socket held, then a connection the
  // server let go of.
  EXPECT_LT(stalled.read_until_end(), static_cast<std::size_t>(pushes));
  // Its session ended; the reader's goes on.
  EXPECT_TRUE(board_.wait_gone(1));
  const auto text = std::make_shared<const std::string>("still here");
  for (const auto& sink : board_.wait_for(2))
    sink->send(text);
  EXPECT_EQ(reader.receive_text(), "still here");
}

TEST_F(push_test, routes_refuse_before_the_upgrade) {
  EXPECT_EQ(http_get(server_->port(), "/push/refused", true).first, 404U);
  EXPECT_EQ(http_get(server_->port(), "/elsewhere", true).first, 404U);
  EXPECT_EQ(http_get(server_->port(), "/echo", true).first, 101U);
}

TEST_F(push_test, an_http_route_may_answer_later_from_another_thread) {
  const auto [status, body] = http_get(server_->port(), "/later?x=1");
  EXPECT_EQ(status, 200U);
  EXPECT_EQ(body, "later /later?x=1");
  // What no route takes, with no fallback, is not found.
  EXPECT_EQ(http_get(server_->port(), "/nothing").first, 404U);
}

}  // namespace
}  // namespace ariadne
