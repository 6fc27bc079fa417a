#pragma once

#include <boost/asio/ssl/context.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/teardown.hpp>
#include <memory>
#include <optional>
#include <utility>

#include "tls/bounded_teardown.hpp"
#include "tls/tls_stream.hpp"

namespace ariadne {

// A TCP connection that speaks TLS or not, decided when it is made: one type
// for both, so that the HTTP and WebSocket code above it (the server's
// sessions, the clients' connections) is written and compiled once. Reads
// and writes go through TLS when secure(); next_layer() is the TCP stream
// either way (its timeouts, its socket).
class maybe_tls_stream {
 public:
  using next_layer_type = boost::beast::tcp_stream;
  using executor_type = next_layer_type::executor_type;
  using tls_type = tls_stream;

  // Plain when context is null; otherwise TLS with that context, which the
  // connection keeps for its lifetime (a certificate reload makes a new one).
  maybe_tls_stream(next_layer_type&& connection, std::shared_ptr<boost::asio::ssl::context> context)
      : context_(std::move(context)) {
    if (context_) {
      tls_.emplace(std::move(connection), *context_);
    } else {
      plain_.emplace(std::move(connection));
    }
  }

  // A plain connection turns to TLS (before any byte of it is read through
  // this stream: the server, once it has seen a ClientHello).
  void start_tls(std::shared_ptr<boost::asio::ssl::context> context) {
    context_ = std::move(context);
    tls_.emplace(std::move(*plain_), *context_);
    plain_.reset();
  }

  bool secure() const { return tls_.has_value(); }
  // Only when secure().
  tls_type& tls() { return *tls_; }
  next_layer_type& next_layer() { return tls_ ? tls_->next_layer() : *plain_; }
  const next_layer_type& next_layer() const { return tls_ ? tls_->next_layer() : *plain_; }
  executor_type get_executor() { return next_layer().get_executor(); }

  template <typename MutableBuffers, typename Handler>
  void async_read_some(const MutableBuffers& buffers, Handler&& handler) {
    if (tls_) {
      tls_->async_read_some(buffers, std::forward<Handler>(handler));
    } else {
      plain_->async_read_some(buffers, std::forward<Handler>(handler));
    }
  }

  template <typename ConstBuffers, typename Handler>
  void async_write_some(const ConstBuffers& buffers, Handler&& handler) {
    if (tls_) {
      tls_->async_write_some(buffers, std::forward<Handler>(handler));
    } else {
      plain_->async_write_some(buffers, std::forward<Handler>(handler));
    }
  }

 private:
  std::shared_ptr<boost::asio::ssl::context> context_;
  std::optional<next_layer_type> plain_;
  std::optional<tls_type> tls_;
};

// A WebSocket's closing handshake ends the TLS session (close_notify) before
// the TCP connection.
inline void teardown(boost::beast::role_type role, maybe_tls_stream& stream,
                     boost::beast::error_code& ec) {
  using boost::beast::teardown;
  if (stream.secure()) {
    teardown(role, stream.tls(), ec);
  } else {
    teardown(role, stream.next_layer(), ec);
  }
}

template <typename Handler>
void async_teardown(boost::beast::role_type role, maybe_tls_stream& stream, Handler&& handler) {
  if (stream.secure()) {
    async_teardown(role, stream.tls(), std::forward<Handler>(handler));
  } else {
    async_bounded_teardown(role, stream.next_layer(), std::forward<Handler>(handler));
  }
}

}  // namespace ariadne
