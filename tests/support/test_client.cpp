#include "tests/support/test_client.hpp"

#include <gtest/gtest.h>

#include <array>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

namespace ariadne::testing {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

struct test_client::connection {
  net::io_context ioc;
  websocket::stream<tcp::socket> ws{ioc};
  beast::flat_buffer reply;  // exchange's, reused
};

test_client::test_client(unsigned short port, const std::string& target)
    : connection_(std::make_unique<connection>()) {
  tcp::resolver resolver(connection_->ioc);
  net::connect(connection_->ws.next_layer(), resolver.resolve("127.0.0.1", std::to_string(port)));
  connection_->ws.handshake("127.0.0.1", target);
}

test_client::~test_client() = default;

void test_client::send_text(const std::string& text) {
  connection_->ws.text(true);
  connection_->ws.write(net::buffer(text));
}

void test_client::send_binary(const std::string& bytes) {
  connection_->ws.binary(true);
  connection_->ws.write(net::buffer(bytes));
}

std::string test_client::receive_text() {
  beast::flat_buffer buffer;
  connection_->ws.read(buffer);
  return beast::buffers_to_string(buffer.data());
}

std::string_view test_client::exchange(std::string_view text) {
  connection_->ws.text(true);
  connection_->ws.write(net::buffer(text.data(), text.size()));
  connection_->reply.clear();
  connection_->ws.read(connection_->reply);
  const auto data = connection_->reply.cdata();
  return {static_cast<const char*>(data.data()), data.size()};
}

std::uint16_t test_client::close_code() {
  auto& ws = connection_->ws;
  beast::flat_buffer buffer;
  beast::error_code ec;
  while (!ec) {
    ws.read(buffer, ec);
    buffer.clear();
  }
  // The server may tear the TCP connection down right after its close frame
  // (Beast does on a read error), so the echo can fail; the code was read.
  if (ec != websocket::error::closed && ws.reason().code == 0) {
    ADD_FAILURE() << "connection ended without a close frame: " << ec.message();
  }
  return ws.reason().code;
}

std::size_t test_client::read_until_end() {
  std::size_t received = 0;
  beast::error_code ec;
  while (!ec) {
    beast::flat_buffer buffer;
    connection_->ws.read(buffer, ec);
    if (!ec) ++received;
  }
  return received;
}

std::pair<unsigned, std::string> http_get(unsigned short port, const std::string& target,
                                          bool upgrade) {
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

std::pair<unsigned, std::string> http_head(unsigned short port, const std::string& target) {
  net::io_context ioc;
  tcp::socket socket(ioc);
  tcp::resolver resolver(ioc);
  net::connect(socket, resolver.resolve("127.0.0.1", std::to_string(port)));
  http::request<http::empty_body> request(http::verb::head, target, 11);
  request.set(http::field::host, "127.0.0.1");
  request.set(http::field::connection, "close");
  http::write(socket, request);
  beast::flat_buffer buffer;
  http::response_parser<http::empty_body> parser;
  parser.skip(true);  // a HEAD answer has no body, whatever its Content-Length says
  http::read_header(socket, buffer, parser);
  // Nothing may follow the headers: the server closes after them.
  std::array<char, 64> rest{};
  beast::error_code ec;
  const std::size_t extra = buffer.size() + socket.read_some(net::buffer(rest), ec);
  EXPECT_EQ(extra, 0U) << "a HEAD answer came with a body";
  const auto length = parser.get()[http::field::content_length];
  return {parser.get().result_int(), std::string(length.data(), length.size())};
}

}  // namespace ariadne::testing
