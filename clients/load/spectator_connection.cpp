#include "clients/load/spectator_connection.hpp"
#include "clients/sdk/secure_connection.hpp"

#include <algorithm>
#include <string_view>

namespace ariadne::load {

namespace beast = boost::beast;
namespace net = boost::asio;

spectator_connection::spectator_connection(net::io_context& ioc, const server_url& where,
                                           std::uint64_t run, const shared_clock& clock,
                                           tally& counts,
                                           std::shared_ptr<boost::asio::ssl::context> tls)
    : ws_(beast::tcp_stream(ioc), std::move(tls)),
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
  async_client_handshake(ws_.next_layer(), where_.host, [self = shared_from_this()](error_code e) {
    if (e) return self->on_handshake(e);
    self->ws_.async_handshake(self->where_.host + ":" + self->where_.port, self->target_,
                              beast::bind_front_handler(&spectator_connection::on_handshake, self));
  });
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
  const auto data = buffer_.cdata();
  const std::string_view message(static_cast<const char*>(data.data()), data.size());
  const bool measuring = clock_.measuring(clock_type::now());
  if (measuring) {
    ++counts_.spectator_messages;
    counts_.spectator_bytes += bytes;
    if (message.find(R"("type":"paint")") != std::string_view::npos) ++counts_.spectator_paints;
  }
  // Every message but paint carries the moves shown so far: its advance is
  // what the spectator saw of the play.
  if (const auto at = message.find(R"("seq":)"); at != std::string_view::npos) {
    std::uint64_t seq = 0;
    for (std::size_t i = at + 6; i < message.size() && message[i] >= '0' && message[i] <= '9'; ++i)
      seq = seq * 10 + static_cast<std::uint64_t>(message[i] - '0');
    if (measuring && seq > seq_) counts_.spectator_moves += seq - seq_;
    seq_ = std::max(seq_, seq);
  }
  buffer_.consume(buffer_.size());
  do_read();
}

}  // namespace ariadne::load
