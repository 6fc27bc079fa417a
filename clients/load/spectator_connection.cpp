#include "clients/load/spectator_connection.hpp"

namespace ariadne::load {

namespace beast = boost::beast;
namespace net = boost::asio;

spectator_connection::spectator_connection(net::io_context& ioc, const server_url& where,
                                           std::uint64_t run, const shared_clock& clock,
                                           tally& counts)
    : ws_(ioc),
      resolver_(ioc),
      where_(where),
      target_("/spectate/" + std::to_string(run)),
      clock_(clock),
      counts_(counts) {}

void spectator_connection::start() {
  resolver_.async_resolve(
      where_.host, where_.port,
      beast::bind_front_handler(&spectator_connection::on_resolve, shared_from_this()));
}

void spectator_connection::stop() {
  net::post(ws_.get_executor(), [self = shared_from_this()] {
    self->stopping_ = true;
    beast::error_code ignored;
    beast::get_lowest_layer(self->ws_).socket().close(ignored);
  });
}

void spectator_connection::on_resolve(error_code ec, tcp::resolver::results_type results) {
  if (ec || stopping_) return;
  beast::get_lowest_layer(ws_).async_connect(
      results, beast::bind_front_handler(&spectator_connection::on_connect, shared_from_this()));
}

void spectator_connection::on_connect(error_code ec, tcp::resolver::results_type::endpoint_type) {
  if (ec || stopping_) {
    if (!stopping_) ++counts_.spectators_failed;
    return;
  }
  beast::get_lowest_layer(ws_).expires_never();
  ws_.async_handshake(
      where_.host + ":" + where_.port, target_,
      beast::bind_front_handler(&spectator_connection::on_handshake, shared_from_this()));
}

void spectator_connection::on_handshake(error_code ec) {
  if (ec) {
    // A run that ended before its spectator arrived is answered 404: not a failure.
    if (!stopping_) ++counts_.spectators_failed;
    return;
  }
  ++counts_.spectators;
  do_read();
}

void spectator_connection::do_read() {
  ws_.async_read(buffer_,
                 beast::bind_front_handler(&spectator_connection::on_read, shared_from_this()));
}

void spectator_connection::on_read(error_code ec, std::size_t bytes) {
  if (ec) return;  // the stream's end (1000) or the measurement's
  if (clock_.measuring(clock_type::now())) {
    ++counts_.spectator_messages;
    counts_.spectator_bytes += bytes;
  }
  buffer_.consume(buffer_.size());
  do_read();
}

}  // namespace ariadne::load
