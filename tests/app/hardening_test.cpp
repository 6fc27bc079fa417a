// What a hostile competitor found, each fixed with a test over real sockets:
// big mazes are set up off the I/O threads and answered in order, the job
// pool and the cell budget refuse with server_busy, and run slots come free
// on a timer (time limit, idle limit) without any message from the player.
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <thread>

#include "server/app/server_context.hpp"
#include "tests/support/running_server.hpp"
#include "tests/support/test_client.hpp"

namespace ariadne {
namespace {

using json = nlohmann::json;
using testing::test_client;

json big_start(const std::string& generator, int width, int height, int id = 0) {
  return json{{"type", "start"},
              {"id", id},
              {"maze", {{"generator", generator}, {"width", width}, {"height", height}}}};
}

class hardening_test : public ::testing::Test {
 protected:
  void start(server_config config) {
    server_ = std::make_unique<testing::running_server>(std::move(config));
  }
  unsigned short port() const { return server_->port(); }

  // Waits, polling the registry, until no run is live; false after 60 s
  // (a big set-up under the sanitizers on a busy machine takes tens of seconds).
  bool no_live_runs() {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!server_->context().runs().live().empty()) {
      if (std::chrono::steady_clock::now() > until) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return true;
  }

  std::unique_ptr<testing::running_server> server_;
};

TEST_F(hardening_test, a_big_start_is_answered_in_order_with_what_follows_it) {
  start(testing::loopback_config(1));
  metrics& stats = server_->context().counters();
  test_client client(port());
  client.call(json{{"type", "hello"}});
  // Pipelined: the big start's reply comes first, then the sense's, each with its id.
  client.send(big_start("aldous_broder", 512, 512, 1));
  client.send(json{{"type", "sense"}, {"id", 2}});
  const json started = client.receive();
  EXPECT_EQ(started["type"], "state");
  EXPECT_EQ(started["id"], 1);
  EXPECT_EQ(started["width"], 512);
  const json sensed = client.receive();
  EXPECT_EQ(sensed["id"], 2);
  EXPECT_EQ(sensed["run"], started["run"]);
  // It was set up on the job pool: small starts are not.
  EXPECT_EQ(stats.starts_deferred.load(), 1U);
  client.call(json{{"type", "abandon"}});
  client.call(json{{"type", "start"}});
  EXPECT_EQ(stats.starts_deferred.load(), 1U);
}

TEST_F(hardening_test, a_connection_that_leaves_during_a_set_up_changes_nothing_else) {
  start(testing::loopback_config(1));
  {
    test_client leaving(port());
    leaving.call(json{{"type", "hello"}});
    leaving.send(big_start("prim", 1024, 1024));
  }  // gone before the answer
  ASSERT_TRUE(no_live_runs());
  // Its budgets came back: a full-size start from the same address is taken.
  test_client next(port());
  next.call(json{{"type", "hello"}});
  EXPECT_EQ(next.call(big_start("prim", 1024, 1024))["type"], "state");
}

TEST_F(hardening_test, stopping_during_a_set_up_is_clean) {
  server_config config = testing::loopback_config(1);
  config.shutdown_grace_ms = 300;  // this client does not answer the close
  start(config);
  test_client waiting(port());
  waiting.call(json{{"type", "hello"}});
  waiting.send(big_start("aldous_broder", 1024, 1024));
  server_->stop();
  EXPECT_TRUE(server_->context().runs().live().empty());
}

TEST_F(hardening_test, a_connection_must_say_hello_and_not_sit_idle) {
  server_config config = testing::loopback_config(1);
  config.hello_seconds = 1;
  config.connection_idle_seconds = 1;
  start(config);
  test_client mute(port());
  EXPECT_EQ(mute.close_code(), 1008);  // no hello within 1 s
  test_client idle(port());
  idle.call(json{{"type", "hello"}});
  idle.call(json{{"type", "start"}});
  idle.call(json{{"type", "abandon"}});
  EXPECT_EQ(idle.close_code(), 1008);  // between runs, nothing for 1 s
}

TEST_F(hardening_test, starts_past_the_pools_budget_are_server_busy) {
  server_config config = testing::loopback_config(2);
  config.start_queue_cost = 1'000'000;              // the smallest budget: one big job at a time
  config.start_cost_rate = std::uint64_t{1} << 40;  // no share per address here
  start(config);
  // Several clients ask for big mazes at once: the pool takes one while it is
  // busy and refuses the rest; nobody waits for long and every one is answered.
  std::vector<std::unique_ptr<test_client>> clients;
  for (int i = 0; i < 4; ++i) {
    clients.push_back(std::make_unique<test_client>(port()));
    clients.back()->call(json{{"type", "hello"}});
  }
  for (auto& c : clients)
    c->send(big_start("aldous_broder", 1024, 1024));
  int started = 0;
  int busy = 0;
  for (auto& c : clients) {
    const json reply = c->receive();
    if (reply["type"] == "state") ++started;
    if (reply.value("code", "") == "server_busy") ++busy;
  }
  EXPECT_GE(started, 1);
  EXPECT_GE(busy, 1);
  EXPECT_EQ(started + busy, 4);
}

TEST_F(hardening_test, an_address_has_a_share_of_set_up_work) {
  server_config config = testing::loopback_config(1);
  config.start_cost_rate = 1000;  // the smallest rate: the burst is one costliest start
  start(config);
  test_client a(port());
  a.call(json{{"type", "hello"}});
  EXPECT_EQ(a.call(big_start("wilson", 1024, 1024))["type"], "state");
  a.call(json{{"type", "abandon"}});
  // The burst is spent: another costly start from the same address waits its turn.
  const json refused = a.call(big_start("wilson", 1024, 1024));
  EXPECT_EQ(refused["code"], "rate_limited") << refused;
  EXPECT_NE(refused["message"].get<std::string>().find("your address"), std::string::npos);
  // A refused start spends nothing.
  EXPECT_EQ(a.call(big_start("wilson", 1024, 1024))["code"], "rate_limited");
}

TEST_F(hardening_test, too_large_is_refused_before_any_budget) {
  server_config config = testing::loopback_config(1);
  config.start_queue_cost = 1'000'000;
  start(config);
  test_client a(port());
  test_client b(port());
  a.call(json{{"type", "hello"}});
  b.call(json{{"type", "hello"}});
  // Far past --max-maze-cells: too_large at once, the pool untouched.
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(a.call(big_start("binary_tree", 8192, 8192))["code"], "too_large");
  EXPECT_EQ(b.call(big_start("aldous_broder", 512, 512))["type"], "state");
}

TEST_F(hardening_test, an_address_has_a_share_of_the_cells) {
  server_config config = testing::loopback_config(1);
  config.max_cells_per_ip = 100 * 100;
  start(config);
  test_client a(port());
  test_client b(port());
  a.call(json{{"type", "hello"}});
  b.call(json{{"type", "hello"}});
  EXPECT_EQ(a.call(big_start("prim", 80, 80))["type"], "state");
  EXPECT_EQ(b.call(big_start("prim", 80, 80))["code"], "server_busy");  // same address
}

TEST_F(hardening_test, the_cell_budget_is_server_busy) {
  server_config config = testing::loopback_config(1);
  config.max_cells_in_play = 100 * 100;
  start(config);
  test_client a(port());
  test_client b(port());
  a.call(json{{"type", "hello"}});
  b.call(json{{"type", "hello"}});
  EXPECT_EQ(a.call(big_start("prim", 80, 80))["type"], "state");
  const json refused = b.call(big_start("prim", 80, 80));
  EXPECT_EQ(refused["code"], "server_busy");
  EXPECT_EQ(b.call(big_start("prim", 40, 40))["type"], "state");  // what is left fits
  a.call(json{{"type", "abandon"}});
  EXPECT_EQ(b.call(json{{"type", "abandon"}})["result"]["status"], "abandoned");
  EXPECT_EQ(b.call(big_start("prim", 90, 90))["type"], "state");  // freed by the abandon
}

TEST_F(hardening_test, silent_players_do_not_hold_run_slots) {
  server_config config = testing::loopback_config(1);
  config.max_runs = 2;
  config.max_run_seconds = 1;
  config.run_idle_seconds = 0;
  start(config);
  test_client a(port());
  test_client b(port());
  test_client c(port());
  for (auto* t : {&a, &b, &c})
    t->call(json{{"type", "hello"}});
  a.call(json{{"type", "start"}});
  b.call(json{{"type", "start"}});
  EXPECT_EQ(c.call(json{{"type", "start"}})["code"], "server_busy");
  // a and b say nothing more: their time limit ends them on a timer.
  ASSERT_TRUE(no_live_runs());
  EXPECT_EQ(c.call(json{{"type", "start"}})["type"], "state");
  // The next message of a silent player gets its run's result, once.
  const json late = a.call(json{{"type", "move"}, {"dir", "N"}});
  ASSERT_TRUE(late.contains("result")) << late;
  EXPECT_EQ(late["result"]["status"], "timeout");
  EXPECT_EQ(late["moved"], false);
  EXPECT_EQ(a.call(json{{"type", "sense"}})["code"], "no_run");
}

TEST_F(hardening_test, an_idle_run_ends_as_timeout) {
  server_config config = testing::loopback_config(1);
  config.run_idle_seconds = 1;
  start(config);
  test_client a(port());
  a.call(json{{"type", "hello"}});
  a.call(json{{"type", "start"}});
  ASSERT_TRUE(no_live_runs());
  const json late = a.call(json{{"type", "sense"}});
  EXPECT_EQ(late["result"]["status"], "timeout");
  const std::string metrics = server_->context().counters().prometheus_text();
  EXPECT_NE(metrics.find("ariadne_runs_finished_total{status=\"timeout\"} 1"), std::string::npos);
}

}  // namespace
}  // namespace ariadne
