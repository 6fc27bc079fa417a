// The real server over real sockets: started in-process on port 0, talked to
// with Beast's synchronous WebSocket client.
#include "server/net/server.hpp"

#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "core/game/maze_catalog.hpp"
#include "core/maze/cell.hpp"

namespace ariadne {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using json = nlohmann::json;

// A blocking WebSocket client for tests.
class test_client {
 public:
  explicit test_client(unsigned short port) : ws_(ioc_) {
    tcp::resolver resolver(ioc_);
    net::connect(ws_.next_layer(), resolver.resolve("127.0.0.1", std::to_string(port)));
    ws_.handshake("127.0.0.1", "/ws");
  }

  void send_text(const std::string& text) {
    ws_.text(true);
    ws_.write(net::buffer(text));
  }
  void send(const json& message) { send_text(message.dump()); }
  void send_binary(const std::string& bytes) {
    ws_.binary(true);
    ws_.write(net::buffer(bytes));
  }
  json receive() {
    beast::flat_buffer buffer;
    ws_.read(buffer);
    return json::parse(beast::buffers_to_string(buffer.data()));
  }
  json call(const json& message) {
    send(message);
    return receive();
  }
  void expect_close_frame(const beast::error_code& ec) {
    if (ws_.reason().code == 0)
      ADD_FAILURE() << "connection ended without a close frame: " << ec.message();
  }

  // Reads until the server closes; returns its close code.
  std::uint16_t close_code() {
    beast::flat_buffer buffer;
    beast::error_code ec;
    while (!ec) {
      ws_.read(buffer, ec);
      buffer.clear();
    }
    // The server may tear the TCP connection down right after its close frame
    // (Beast does on a read error), so the echo can fail; the code was read.
    if (ec != websocket::error::closed) expect_close_frame(ec);
    return ws_.reason().code;
  }

 private:
  net::io_context ioc_;
  websocket::stream<tcp::socket> ws_;
};

// One plain HTTP request; returns (status, body).
std::pair<unsigned, std::string> http_get(unsigned short port, const std::string& target,
                                          bool upgrade = false) {
  net::io_context ioc;
  tcp::socket socket(ioc);
  tcp::resolver resolver(ioc);
  net::connect(socket, resolver.resolve("127.0.0.1", std::to_string(port)));
  http::request<http::empty_body> request(http::verb::get, target, 11);
  request.set(http::field::host, "127.0.0.1");
  if (upgrade) {
    request.set(http::field::upgrade, "websocket");
    request.set(http::field::connection, "upgrade");
    request.set(http::field::sec_websocket_key, "dGhlIHNhbXBsZSBub25jZQ==");
    request.set(http::field::sec_websocket_version, "13");
  }
  http::write(socket, request);
  beast::flat_buffer buffer;
  http::response<http::string_body> response;
  http::read(socket, buffer, response);
  return {response.result_int(), response.body()};
}

class server_test : public ::testing::Test {
 protected:
  void start(server_config config = {}) {
    config.bind = "127.0.0.1";
    config.port = 0;
    config.threads = 2;
    server_ = std::make_unique<server>(config, maze_catalog::load(ARIADNE_TEST_MAZES));
    server_->start();
  }
  void TearDown() override {
    if (server_) server_->stop();
  }
  unsigned short port() const { return server_->port(); }

  std::unique_ptr<server> server_;
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

TEST_F(server_test, oversized_messages_close_with_1009) {
  server_config config;
  config.max_message_bytes = 1024;
  start(config);
  test_client client(port());
  client.call(json{{"type", "hello"}});
  client.send_text(R"({"type":"sense","pad":")" + std::string(2000, 'x') + "\"}");
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
