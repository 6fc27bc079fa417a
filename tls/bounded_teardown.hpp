#pragma once

#include <boost/asio/compose.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/beast/core/tcp_stream.hpp>

#include <array>
#include <chrono>
#include <memory>

namespace ariadne {

// How long the end of a WebSocket's TCP connection may wait for its peer.
inline constexpr std::chrono::seconds teardown_limit{2};

namespace teardown_detail {

// The steps of async_bounded_teardown.
struct bounded_teardown_op {
  boost::beast::role_type role;
  boost::beast::tcp_stream& stream;
  std::unique_ptr<std::array<char, 2048>> buffer = std::make_unique<std::array<char, 2048>>();
  bool started = false;

  template <typename Self>
  void operator()(Self& self, boost::beast::error_code ec = {}, std::size_t = 0) {
    using boost::asio::socket_base;
    boost::beast::error_code ignored;
    if (!started) {
      started = true;
      // The server ends its side first (RFC 6455, 7.1.1).
      if (role == boost::beast::role_type::server) {
        stream.socket().shutdown(socket_base::shutdown_send, ignored);
      }
      stream.expires_after(teardown_limit);
    } else if (ec) {
      if (role == boost::beast::role_type::client) {
        stream.socket().shutdown(socket_base::shutdown_send, ignored);
      }
      stream.close();
      const bool ended = ec == boost::asio::error::eof || ec == boost::beast::error::timeout;
      return self.complete(ended ? boost::beast::error_code{} : ec);
    }
    // Whatever the peer still sends is read and dropped, until it closes.
    stream.async_read_some(boost::asio::buffer(*buffer), std::move(self));
  }
};

}  // namespace teardown_detail

// A WebSocket's teardown after its closing handshake, bounded. Beast's own
// reads the socket until the peer closes it, beneath the stream's expiry,
// so a peer that never closes would hold the connection for good: a
// hostile server its client, a hostile client a server's connection slot.
// This one reads through the tcp_stream, at most teardown_limit, then
// closes; the peer's silence is no error.
template <typename Handler>
void async_bounded_teardown(boost::beast::role_type role, boost::beast::tcp_stream& stream,
                            Handler&& handler) {
  boost::asio::async_compose<Handler, void(boost::beast::error_code)>(
      teardown_detail::bounded_teardown_op{role, stream}, handler, stream);
}

}  // namespace ariadne
