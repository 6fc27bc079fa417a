// The real server over real sockets: started in-process on port 0, talked to
// with Beast's synchronous WebSocket client.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "core/game/maze_catalog.hpp"
#include "core/maze/cell.hpp"
#include "core/model/limits.hpp"
#include "server/app/server_context.hpp"
#include "tests/support/running_server.hpp"
#include "tests/support/test_client.hpp"

namespace ariadne {
namespace {

using json = nlohmann::json;
using testing::http_get;
using testing::http_head;
using testing::test_client;

class server_test : public ::testing::Test {
 protected:
  void start(server_config config = {}) {
    server_ = std::make_unique<testing::running_server>(std::move(config),
                                                        maze_catalog::load(ARIADNE_TEST_MAZES));
  }
  unsigned short port() const { return server_->port(); }

  std::unique_ptr<testing::running_server> server_;
};

// Depth-first exploration using only what the drone senses, walking back
// physically; returns the last state.
json explore(test_client& client, json state, std::uint64_t& my_steps) {
  std::set<std::pair<int, int>> seen;
  std::vector<char> back;
  auto here = [&] {
    return std::make_pair(state["position"]["x"].get<int>(), state["position"]["y"].get<int>());
  };
  auto opposite = [](char d) { return d == 'N' ? 'S' : d == 'S' ? 'N' : d == 'E' ? 'W' : 'E'; };
  auto neighbour = [](std::pair<int, int> p, char d) {
    return std::make_pair(p.first + (d == 'E') - (d == 'W'), p.second + (d == 'N') - (d == 'S'));
  };
  seen.insert(here());
  while (!state.contains("result")) {
    char next = 0;
    for (const auto& open : state["open"]) {
      const char d = open.get<std::string>()[0];
      if (!seen.count(neighbour(here(), d))) {
        next = d;
        break;
      }
    }
    if (next != 0) {
      back.push_back(opposite(next));
    } else {
      if (back.empty()) break;
      next = back.back();
      back.pop_back();
    }
    state = client.call(json{{"type", "move"}, {"dir", std::string(1, next)}});
    EXPECT_EQ(state["moved"], true);
    ++my_steps;
    seen.insert(here());
  }
  return state;
}

TEST_F(server_test, a_simple_client_finds_the_treasure) {
  start();
  test_client client(port());
  EXPECT_EQ(client.call(json{{"type", "hello"}, {"name", "dfs"}})["type"], "welcome");
  json state = client.call(
      json{{"type", "start"},
           {"maze",
            {{"generator", "recursive_backtracker"}, {"width", 12}, {"height", 9}, {"seed", 4}}}});
  ASSERT_EQ(state["type"], "state");
  std::uint64_t my_steps = 0;
  state = explore(client, state, my_steps);
  ASSERT_TRUE(state.contains("result")) << state;
  EXPECT_EQ(state["result"]["status"], "found");
  EXPECT_EQ(state["result"]["steps"], my_steps);
  EXPECT_EQ(state["result"]["score"], my_steps);
  EXPECT_GE(state["result"]["efficiency"].get<double>(), 0.0);
  EXPECT_LE(state["result"]["optimal"].get<std::uint64_t>(), my_steps);
}

TEST_F(server_test, every_run_is_registered_and_its_events_reach_a_listener) {
  start();
  test_client client(port());
  client.call(json{{"type", "hello"}, {"name", "watched"}});
  const json started = client.call(
      json{{"type", "start"},
           {"maze", {{"generator", "prim"}, {"width", 12}, {"height", 12}, {"seed", 5}}}});
  run_registry& runs = server_->context().runs();
  const auto feed = runs.find(started["run"].get<std::uint64_t>());
  ASSERT_NE(feed, nullptr);
  EXPECT_EQ(feed->player(), "watched");
  EXPECT_EQ(runs.live().size(), 1U);
  const run_summary summary = feed->summary();
  ASSERT_NE(summary.start, nullptr);
  EXPECT_EQ(summary.start->source.spec.generator, "prim");
  EXPECT_EQ(summary.start->seed, 5U);

  const auto listener = feed->subscribe();
  std::uint64_t expected_seq = feed->seq() + 1;
  for (const char* d : {"N", "E", "S", "W", "N", "N"})
    client.call(json{{"type", "move"}, {"dir", d}});
  client.call(json{{"type", "path"}, {"dirs", "EEEE"}});
  const json last = client.call(json{{"type", "abandon"}});
  // The replies were sent after the events: every one is queued already.
  std::uint64_t moves = 0;
  bool finished = false;
  listener->drain([&](const feed_event& e) {
    EXPECT_EQ(e.seq, expected_seq++);
    if (e.kind == run_event_kind::moved || e.kind == run_event_kind::bumped) ++moves;
    if (e.kind == run_event_kind::finished) {
      finished = true;
      EXPECT_EQ(e.detail->result->status, run_status::abandoned);
    }
  });
  EXPECT_EQ(moves, last["steps"].get<std::uint64_t>() + last["bumps"].get<std::uint64_t>());
  EXPECT_TRUE(finished);
  EXPECT_TRUE(listener->closed());
  EXPECT_TRUE(runs.live().empty());
  ASSERT_EQ(runs.finished().size(), 1U);
  EXPECT_EQ(runs.finished().front()->summary().steps, last["steps"].get<std::uint64_t>());
}

TEST_F(server_test, named_mazes_are_played_from_the_file) {
  start();
  test_client client(port());
  client.call(json{{"type", "hello"}});
  json state = client.call(json{{"type", "start"}, {"maze", {{"name", "hedge5x5"}}}});
  EXPECT_EQ(state["width"], 5);
  std::uint64_t steps = 0;
  state = explore(client, state, steps);
  EXPECT_EQ(state["result"]["status"], "found");
  // hedge5x5's only goal is at (3, 3).
  EXPECT_EQ(state["position"], (json{{"x", 3}, {"y", 3}}));
}

TEST_F(server_test, pipelined_requests_are_answered_in_order) {
  start();
  test_client client(port());
  client.send(json{{"type", "hello"}, {"id", 0}});
  client.send(json{{"type", "start"}, {"id", 1}, {"maze", {{"width", 30}, {"height", 30}}}});
  for (int i = 2; i < 200; ++i) {
    client.send(
        json{{"type", i % 3 == 0 ? "sense" : "move"}, {"dir", i % 2 ? "N" : "E"}, {"id", i}});
  }
  for (int i = 0; i < 200; ++i)
    EXPECT_EQ(client.receive()["id"], i);
}

// A message of exactly `bytes` bytes: a sense padded with an unknown field.
std::string sense_of_size(std::size_t bytes) {
  const std::string head = R"({"type":"sense","pad":")";
  return head + std::string(bytes - head.size() - 2, 'x') + "\"}";
}

TEST_F(server_test, the_message_limit_is_exact_and_the_longest_path_always_fits) {
  server_config config;
  config.max_message_bytes = limits::min_message_bytes;  // the smallest a server may set
  start(config);
  test_client client(port());
  client.call(json{{"type", "hello"}});
  client.call(json{{"type", "start"},
                   {"maze", {{"generator", "prim"}, {"width", 64}, {"height", 64}}},
                   {"max_steps", 1000000}});
  // The longest path the rules allow, with an id: played.
  const std::string longest(limits::path_letters.max, 'N');
  const json played =
      client.call(json{{"type", "path"}, {"dirs", longest}, {"id", std::string(200, 'i')}});
  EXPECT_EQ(played["type"], "state") << played.dump().substr(0, 200);
  // One letter more: refused by the rules, the connection stays.
  const json refused = client.call(json{{"type", "path"}, {"dirs", longest + "N"}});
  EXPECT_EQ(refused["code"], "bad_request");
  EXPECT_EQ(refused["message"], "\"dirs\" must hold 1 to 4096 letters");
  // A message of exactly the limit is read; one byte more closes with 1009.
  client.send_text(sense_of_size(limits::min_message_bytes));
  EXPECT_EQ(client.receive()["type"], "state");
  client.send_text(sense_of_size(limits::min_message_bytes + 1));
  EXPECT_EQ(client.close_code(), 1009);
}

TEST_F(server_test, binary_frames_close_with_1008) {
  start();
  test_client client(port());
  client.send_binary("\x01\x02");
  EXPECT_EQ(client.close_code(), 1008);
}

TEST_F(server_test, messages_before_hello_are_refused_but_the_connection_stays) {
  start();
  test_client client(port());
  EXPECT_EQ(client.call(json{{"type", "start"}, {"id", 1}})["code"], "hello_required");
  EXPECT_EQ(client.call(json{{"type", "hello"}})["type"], "welcome");
}

TEST_F(server_test, a_flood_is_rate_limited_while_others_keep_playing) {
  server_config config;
  config.rate_limit = 50;
  config.rate_burst = 20;
  config.rate_abuse_limit = 1000000;
  start(config);
  test_client flooder(port());
  test_client calm(port());
  calm.call(json{{"type", "hello"}});
  calm.call(json{{"type", "start"}});
  for (int i = 0; i < 200; ++i)
    flooder.send(json{{"type", "hello"}, {"id", i}});
  int limited = 0;
  for (int i = 0; i < 200; ++i) {
    const json reply = flooder.receive();
    EXPECT_EQ(reply["id"], i);
    if (reply["type"] == "error" && reply["code"] == "rate_limited") ++limited;
    // The other client is served throughout.
    if (i % 20 == 0) {
      EXPECT_EQ(calm.call(json{{"type", "sense"}})["type"], "state");
    }
  }
  EXPECT_GE(limited, 150);
  EXPECT_EQ(calm.call(json{{"type", "move"}, {"dir", "N"}})["type"], "state");
}

TEST_F(server_test, sustained_flooding_closes_with_1008) {
  server_config config;
  config.rate_limit = 10;
  config.rate_burst = 5;
  config.rate_abuse_limit = 20;
  start(config);
  test_client client(port());
  for (int i = 0; i < 40; ++i)
    client.send(json{{"type", "sense"}});
  EXPECT_EQ(client.close_code(), 1008);
}

TEST_F(server_test, connections_past_the_limit_get_503) {
  server_config config;
  config.max_connections = 2;
  start(config);
  test_client a(port());
  test_client b(port());
  EXPECT_EQ(http_get(port(), "/ws", true).first, 503U);
  EXPECT_EQ(a.call(json{{"type", "hello"}})["type"], "welcome");
  EXPECT_EQ(b.call(json{{"type", "hello"}})["type"], "welcome");
}

// Past the address's own share, 429: a proxy would take a 503 for the server
// failing and leave it out for every client.
TEST_F(server_test, an_address_past_its_share_gets_429) {
  server_config config;
  config.max_connections = 10;
  config.max_connections_per_ip = 2;
  start(config);
  test_client a(port());
  test_client b(port());
  const auto [status, body] = http_get(port(), "/ws", true);
  EXPECT_EQ(status, 429U);
  EXPECT_NE(body.find("your address holds as many connections"), std::string::npos) << body;
  EXPECT_EQ(a.call(json{{"type", "hello"}})["type"], "welcome");
}

TEST_F(server_test, a_head_answer_announces_the_length_a_get_would_have) {
  start();
  for (const char* target : {"/", "/healthz", "/api/mazes", "/missing"}) {
    const auto [status, body] = http_get(port(), target);
    EXPECT_EQ(http_head(port(), target), std::make_pair(status, std::to_string(body.size())))
        << target;
  }
}

TEST_F(server_test, http_endpoints) {
  start();
  EXPECT_EQ(http_get(port(), "/healthz"), std::make_pair(200U, std::string("ok\n")));
  EXPECT_EQ(http_get(port(), "/missing").first, 404U);
  const auto mazes = json::parse(http_get(port(), "/api/mazes").second);
  EXPECT_EQ(mazes[0]["name"], "hedge5x5");
  {
    test_client client(port());
    client.call(json{{"type", "hello"}});
    client.call(json{{"type", "start"}});
    client.call(json{{"type", "teleport"}});
  }
  const std::string metrics = http_get(port(), "/metrics").second;
  EXPECT_NE(metrics.find("ariadne_runs_started_total 1"), std::string::npos) << metrics;
  EXPECT_NE(metrics.find("ariadne_errors_total{code=\"unknown_type\"} 1"), std::string::npos);
  EXPECT_EQ(http_get(port(), "/nothing", true).first, 404U);
}

TEST_F(server_test, stopping_closes_every_connection_with_1001) {
  start();
  test_client a(port());
  test_client b(port());
  a.call(json{{"type", "hello"}});
  b.call(json{{"type", "hello"}});
  b.call(json{{"type", "start"}});
  std::thread stopper([&] { server_->stop(); });
  EXPECT_EQ(a.close_code(), 1001);
  EXPECT_EQ(b.close_code(), 1001);
  stopper.join();
}

}  // namespace
}  // namespace ariadne
