#include "clients/sdk/remote_drone.hpp"

#include <algorithm>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "clients/sdk/blocking_call.hpp"
#include "clients/sdk/secure_connection.hpp"
#include "clients/sdk/server_url.hpp"
#include "protocol/message_writer.hpp"
#include "protocol/server_reader.hpp"

namespace ariadne {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

struct remote_drone::connection {
  explicit connection(std::shared_ptr<net::ssl::context> tls)
      : ws(beast::tcp_stream(ioc), std::move(tls)) {}
  net::io_context ioc;
  websocket::stream<maybe_tls_stream> ws;
};

remote_drone::remote_drone(const std::string& url, const std::string& name,
                           std::chrono::milliseconds timeout, const std::string& token,
                           const std::string& bot, std::shared_ptr<net::ssl::context> tls)
    : url_(url), timeout_(timeout) {
  const server_url where = parse_server_url(url, "ws://");
  if (where.secure && !tls) tls = client_context_for(where, {});
  connection_ = std::make_unique<connection>(where.secure ? std::move(tls) : nullptr);
  auto& ws = connection_->ws;
  // No reply of protocol v1 comes near this: a larger frame is refused
  // before it is buffered.
  ws.read_message_max(max_reply_bytes);
  tcp::resolver resolver(connection_->ioc);
  tcp::resolver::results_type addresses;
  auto ec = blocking_call(connection_->ioc, [&](auto handler) {
    resolver.async_resolve(where.host, where.port,
                           [&, handler](beast::error_code e, auto results) mutable {
                             addresses = results;
                             handler(e);
                           });
  });
  if (!ec) {
    beast::get_lowest_layer(ws).expires_after(timeout_);
    ec = blocking_call(connection_->ioc, [&](auto handler) {
      beast::get_lowest_layer(ws).async_connect(addresses, handler);
    });
  }
  if (!ec) {
    ec = blocking_call(connection_->ioc, [&](auto handler) {
      async_client_handshake(ws.next_layer(), where.host, handler);
    });
    if (ec && ec != beast::error::timeout) {
      throw drone_error("cannot connect to " + url + ": " +
                        describe_tls_failure(ws.next_layer(), ec));
    }
  }
  websocket::response_type answer;
  if (!ec) {
    ec = blocking_call(connection_->ioc, [&](auto handler) {
      ws.async_handshake(answer, where.host + ":" + where.port, where.path, handler);
    });
  }
  if (ec == websocket::error::upgrade_declined) {
    // The server's own words say why (503: too many connections, 400: plain on a TLS-only port).
    std::string body = answer.body().substr(0, answer.body().find('\n'));
    throw drone_error("cannot connect to " + url + ": the server answered HTTP " +
                      std::to_string(answer.result_int()) + (body.empty() ? "" : ": " + body));
  }
  if (ec) throw drone_error("cannot connect to " + url + ": " + describe(ec));
  protocol::hello_message hello{name};
  if (!token.empty()) hello.token = token;
  if (!bot.empty()) hello.bot = bot;
  const auto reply = call(hello);
  const auto* welcome = std::get_if<protocol::welcome_message>(&reply);
  if (welcome == nullptr) throw drone_error(url + " did not answer hello with welcome");
  welcome_ = *welcome;
}

remote_drone::~remote_drone() {
  auto& ws = connection_->ws;
  if (!ws.is_open()) return;
  beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(1));
  blocking_call(connection_->ioc,
                [&](auto handler) { ws.async_close(websocket::close_code::normal, handler); });
}

std::string remote_drone::describe(const beast::error_code& ec) const {
  if (ec == beast::error::timeout) {
    return "no answer within " + std::to_string(timeout_.count()) + " ms";
  }
  return ec.message();
}

protocol::server_message remote_drone::call(const protocol::client_message& message) {
  auto& ws = connection_->ws;
  const std::string text = protocol::write_client_message(message);
  beast::flat_buffer buffer;
  // Each request and its reply within the timeout, and a run's within its
  // deadline: a hung or slow server never holds a bot past either.
  const auto until_deadline = run_deadline() - std::chrono::steady_clock::now();
  const bool deadline_first = until_deadline < timeout_;
  beast::get_lowest_layer(ws).expires_after(
      deadline_first ? std::max(until_deadline, std::chrono::steady_clock::duration::zero())
                     : std::chrono::steady_clock::duration(timeout_));
  ws.text(true);
  auto ec = blocking_call(connection_->ioc,
                          [&](auto handler) { ws.async_write(net::buffer(text), handler); });
  if (!ec) {
    ec = blocking_call(connection_->ioc, [&](auto handler) { ws.async_read(buffer, handler); });
  }
  if (ec == beast::error::timeout && deadline_first) throw drone_error(run_overdue());
  if (ec) {
    std::string why = describe(ec);
    if (ec == websocket::error::closed) {
      why = "closed by the server (code " + std::to_string(ws.reason().code) + ": " +
            std::string(ws.reason().reason.c_str()) + ")";
    }
    throw drone_error("connection to " + url_ + " lost: " + why);
  }
  const std::string reply_text = beast::buffers_to_string(buffer.data());
  auto parsed = protocol::parse_server_message(reply_text);
  if (auto* problem = std::get_if<protocol::parse_error>(&parsed)) {
    throw drone_error("unreadable reply from " + url_ + ": " + problem->message);
  }
  auto& reply = std::get<protocol::server_reply>(parsed).message;
  if (const auto* error = std::get_if<protocol::error_message>(&reply)) {
    throw drone_error(std::string(to_string(error->code)) + ": " + error->message, error->code);
  }
  return std::move(reply);
}

std::uint64_t remote_drone::paint(const protocol::paint_message& paint) {
  auto reply = call(paint);
  const auto* painted = std::get_if<protocol::painted_reply>(&reply);
  if (painted == nullptr) throw drone_error("expected a painted reply from " + url_);
  return painted->marks;
}

drone_state remote_drone::exchange(const protocol::client_message& message) {
  auto reply = call(message);
  auto* state = std::get_if<protocol::state_message>(&reply);
  if (state == nullptr) throw drone_error("expected a state reply from " + url_);
  return std::move(*state);
}

}  // namespace ariadne
