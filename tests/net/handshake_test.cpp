// The WebSocket handshake as raw bytes: frames a client sends in the same
// write as its upgrade request are answered, and a malformed key is refused.
#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/write.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/running_server.hpp"

namespace ariadne {
namespace {

namespace net = boost::asio;
using tcp = net::ip::tcp;
using json = nlohmann::json;

std::string upgrade_request(const std::string& key) {
  return "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
         "Sec-WebSocket-Key: " +
         key + "\r\nSec-WebSocket-Version: 13\r\n\r\n";
}

// A client text frame (masked, as RFC 6455 requires), payload under 126 bytes.
std::string client_frame(const std::string& payload) {
  const unsigned char mask[4] = {0x12, 0x34, 0x56, 0x78};
  std::string frame;
  frame += static_cast<char>(0x81);
  frame += static_cast<char>(0x80 | payload.size());
  for (const unsigned char m : mask)
    frame += static_cast<char>(m);
  for (std::size_t i = 0; i < payload.size(); ++i)
    frame += static_cast<char>(static_cast<unsigned char>(payload[i]) ^ mask[i % 4]);
  return frame;
}

class handshake_test : public ::testing::Test {
 protected:
  void SetUp() override {
    server_ = std::make_unique<testing::running_server>(testing::loopback_config(1));
    net::connect(socket_,
                 tcp::resolver(ioc_).resolve("127.0.0.1", std::to_string(server_->port())));
  }
  void TearDown() override {
    // This raw client never answers a close: leave before the server stops.
    boost::system::error_code ignored;
    socket_.close(ignored);
    server_->stop();
  }

  // The status line of the answer to what was sent; leaves the rest in buffer_.
  std::string status_line() {
    const std::size_t header_end =
        net::read_until(socket_, net::dynamic_buffer(buffer_), "\r\n\r\n");
    const std::string line = buffer_.substr(0, buffer_.find("\r\n"));
    buffer_.erase(0, header_end);
    return line;
  }

  // The payload of the next server frame (unmasked, under 126 bytes... or 16-bit length).
  std::string next_frame() {
    auto need = [&](std::size_t n) {
      if (buffer_.size() < n) {
        const std::size_t missing = n - buffer_.size();
        std::string more(missing, '\0');
        net::read(socket_, net::buffer(more));
        buffer_ += more;
      }
    };
    need(2);
    std::size_t length = static_cast<unsigned char>(buffer_[1]) & 0x7fU;
    std::size_t header = 2;
    if (length == 126) {
      need(4);
      length = (static_cast<std::size_t>(static_cast<unsigned char>(buffer_[2])) << 8U) |
               static_cast<unsigned char>(buffer_[3]);
      header = 4;
    }
    need(header + length);
    std::string payload = buffer_.substr(header, length);
    buffer_.erase(0, header + length);
    return payload;
  }

  std::unique_ptr<testing::running_server> server_;
  net::io_context ioc_;
  tcp::socket socket_{ioc_};
  std::string buffer_;
};

TEST_F(handshake_test, frames_sent_with_the_upgrade_request_are_answered) {
  const std::string all = upgrade_request("dGhlIHNhbXBsZSBub25jZQ==") +
                          client_frame(R"({"type":"hello","name":"eager","id":1})") +
                          client_frame(R"({"type":"start","id":2})");
  net::write(socket_, net::buffer(all));
  EXPECT_EQ(status_line(), "HTTP/1.1 101 Switching Protocols");
  const json welcome = json::parse(next_frame());
  EXPECT_EQ(welcome["type"], "welcome");
  EXPECT_EQ(welcome["id"], 1);
  const json started = json::parse(next_frame());
  EXPECT_EQ(started["type"], "state");
  EXPECT_EQ(started["id"], 2);
}

TEST_F(handshake_test, a_malformed_key_is_refused_with_400) {
  for (const std::string key : {"abc", "dGhlIHNhbXBsZSBub25jZQ", "dGhlIHNhbXBsZSBub25jZR==",
                                "dGhlIHNhbXBsZSBub25j*Q==", "dGhlIHNhbXBsZSBub25jZQ=="}) {
    tcp::socket socket(ioc_);
    net::connect(socket, tcp::resolver(ioc_).resolve("127.0.0.1", std::to_string(server_->port())));
    net::write(socket, net::buffer(upgrade_request(key)));
    std::string answer;
    net::read_until(socket, net::dynamic_buffer(answer), "\r\n");
    const std::string expected =
        key == "dGhlIHNhbXBsZSBub25jZQ==" ? "HTTP/1.1 101" : "HTTP/1.1 400";
    EXPECT_EQ(answer.substr(0, expected.size()), expected) << key;
  }
}

}  // namespace
}  // namespace ariadne
