#include "clients/sdk/remote_drone.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "clients/sdk/server_url.hpp"
#include "protocol/codec.hpp"

namespace ariadne {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

struct remote_drone::connection {
  net::io_context ioc;
  websocket::stream<tcp::socket> ws{ioc};
};

remote_drone::remote_drone(const std::string& url, const std::string& name)
    : connection_(std::make_unique<connection>()), url_(url) {
  const server_url where = parse_server_url(url, "ws://");
  try {
    tcp::resolver resolver(connection_->ioc);
    net::connect(connection_->ws.next_layer(), resolver.resolve(where.host, where.port));
    connection_->ws.handshake(where.host + ":" + where.port, where.path);
  } catch (const beast::system_error& e) {
    throw drone_error("cannot connect to " + url + ": " + e.code().message());
  }
  const auto reply = call(protocol::hello_message{name});
  const auto* welcome = std::get_if<protocol::welcome_message>(&reply);
  if (welcome == nullptr) throw drone_error(url + " did not answer hello with welcome");
  welcome_ = *welcome;
}

remote_drone::~remote_drone() {
  beast::error_code ignored;
  if (connection_->ws.is_open()) connection_->ws.close(websocket::close_code::normal, ignored);
}

protocol::server_message remote_drone::call(const protocol::client_message& message) {
  std::string reply_text;
  try {
    connection_->ws.text(true);
    connection_->ws.write(net::buffer(protocol::write_client_message(message)));
    beast::flat_buffer buffer;
    connection_->ws.read(buffer);
    reply_text = beast::buffers_to_string(buffer.data());
  } catch (const beast::system_error& e) {
    std::string why = e.code().message();
    if (e.code() == websocket::error::closed) {
      why = "closed by the server (code " + std::to_string(connection_->ws.reason().code) + ": " +
            std::string(connection_->ws.reason().reason.c_str()) + ")";
    }
    throw drone_error("connection to " + url_ + " lost: " + why);
  }
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

drone_state remote_drone::exchange(const protocol::client_message& message) {
  auto reply = call(message);
  auto* state = std::get_if<protocol::state_message>(&reply);
  if (state == nullptr) throw drone_error("expected a state reply from " + url_);
  return std::move(*state);
}

}  // namespace ariadne
