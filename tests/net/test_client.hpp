#pragma once

// Blocking Beast clients for tests of the real server over real sockets.
#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

namespace ariadne::testing {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using json = nlohmann::json;

// A blocking WebSocket client.
class test_client {
 public:
  explicit test_client(unsigned short port, const std::string& target = "/ws") : ws_(ioc_) {
    tcp::resolver resolver(ioc_);
    net::connect(ws_.next_layer(), resolver.resolve("127.0.0.1", std::to_string(port)));
    ws_.handshake("127.0.0.1", target);
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
  std::string receive_text() {
    beast::flat_buffer buffer;
    ws_.read(buffer);
    return beast::buffers_to_string(buffer.data());
  }
  json receive() { return json::parse(receive_text()); }
  json call(const json& message) {
    send(message);
    return receive();
  }
  void expect_close_frame(const beast::error_code& ec) {
    if (ws_.reason().code == 0)
      ADD_FAILURE() << "connection ended without a close frame: " << ec.message();
  }

  websocket::stream<tcp::socket>& stream() { return ws_; }

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
inline std::pair<unsigned, std::string> http_get(unsigned short port, const std::string& target,
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

}  // namespace ariadne::testing
