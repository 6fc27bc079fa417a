#pragma once

// Blocking clients for tests of a real server over real sockets. Compiled
// once (tests/support/test_client.cpp): the tests that use them never
// include Beast.
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>

namespace ariadne::testing {

using json = nlohmann::json;

// A blocking WebSocket client on 127.0.0.1.
class test_client {
 public:
  // Connects and completes the handshake; throws on failure.
  explicit test_client(unsigned short port, const std::string& target = "/ws");
  ~test_client();

  test_client(const test_client&) = delete;
  test_client& operator=(const test_client&) = delete;

  void send_text(const std::string& text);
  void send(const json& message) { send_text(message.dump()); }
  void send_binary(const std::string& bytes);
  std::string receive_text();
  json receive() { return json::parse(receive_text()); }
  json call(const json& message) {
    send(message);
    return receive();
  }
  // Sends text and reads one reply into a buffer kept for the next call:
  // once warm, it allocates nothing (the allocation tests count on it). The
  // view is valid until the next call.
  std::string_view exchange(std::string_view text);
  // Reads until the server closes; returns its close code (and records a
  // test failure when the connection ended without a close frame).
  std::uint16_t close_code();
  // Reads messages until the connection ends, however it ends; how many came.
  std::size_t read_until_end();

 private:
  struct connection;
  std::unique_ptr<connection> connection_;
};

// One plain HTTP GET on 127.0.0.1 (a WebSocket upgrade request when
// upgrade); returns (status, body).
std::pair<unsigned, std::string> http_get(unsigned short port, const std::string& target,
                                          bool upgrade = false);
// One HTTP HEAD; returns (status, the Content-Length it announced), and
// fails the test if a body follows.
std::pair<unsigned, std::string> http_head(unsigned short port, const std::string& target);

}  // namespace ariadne::testing
