#pragma once

#include <openssl/err.h>
#include <openssl/ssl.h>

#include <array>
#include <boost/asio/compose.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/asio/ssl/stream_base.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/buffers_range.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/teardown.hpp>
#include <cstddef>
#include <memory>
#include <string>

#include "tls/bounded_teardown.hpp"

namespace ariadne {

// A TLS connection over a TCP stream, on OpenSSL with a BIO of its own: the
// bytes in flight are held only while they are, so an idle connection keeps
// OpenSSL's session and a read of 512 bytes, not the four 17 KB buffers of
// Asio's ssl::stream and its BIO pair. One read and one write may be
// outstanding at once, as a WebSocket needs; the handshake and the shutdown
// run alone. Reading and writing through OpenSSL never wait on each other:
// whatever OpenSSL writes goes into one outgoing buffer that one writer sends.
class tls_stream {
 public:
  using next_layer_type = boost::beast::tcp_stream;
  using executor_type = next_layer_type::executor_type;
  using error_code = boost::beast::error_code;

  tls_stream(next_layer_type&& next, boost::asio::ssl::context& context);
  tls_stream(tls_stream&&) noexcept = default;
  tls_stream& operator=(tls_stream&&) noexcept = default;
  ~tls_stream();

  SSL* native_handle() { return core_->ssl; }
  // What the operations share (the synchronous teardown uses it).
  struct core;
  core& core_of() { return *core_; }
  next_layer_type& next_layer() { return core_->next; }
  const next_layer_type& next_layer() const { return core_->next; }
  executor_type get_executor() { return core_->next.get_executor(); }

  // handler(error_code).
  template <typename Handler>
  void async_handshake(boost::asio::ssl::stream_base::handshake_type type, Handler&& handler);
  // The server's, after bytes already read from the client (detection's):
  // handler(error_code, bytes of `already` used: all of them).
  template <typename ConstBuffers, typename Handler>
  void async_handshake(boost::asio::ssl::stream_base::handshake_type type,
                       const ConstBuffers& already, Handler&& handler);
  // handler(error_code, bytes); end of stream: eof after the peer's
  // close_notify, ssl::error::stream_truncated without.
  template <typename MutableBuffers, typename Handler>
  void async_read_some(const MutableBuffers& buffers, Handler&& handler);
  // Completes once the bytes are on their way to the socket.
  template <typename ConstBuffers, typename Handler>
  void async_write_some(const ConstBuffers& buffers, Handler&& handler);
  // Sends close_notify (without waiting for the peer's); handler(error_code).
  template <typename Handler>
  void async_shutdown(Handler&& handler);

  // Public for the operations' definitions only.
  struct core : std::enable_shared_from_this<core> {
    core(next_layer_type&& stream, SSL_CTX* context);
    ~core();
    // Sends what OpenSSL wrote, unless a send is under way; again when it ends.
    void flush();
    // A send ended: the state after it, and whoever waits woken.
    void sent_all(error_code ec);
    // Moves what the socket has into `in` after a read of n bytes into peek.
    void take(std::size_t n);
    // The error OpenSSL reports for its last call (ret), or none for a retry.
    error_code ssl_error(int ret, bool& retry);

    next_layer_type next;
    SSL* ssl = nullptr;
    std::string in;  // from the socket, for OpenSSL; read from in_used on
    std::size_t in_used = 0;
    std::string out;      // from OpenSSL, for the socket
    std::string sending;  // being written to the socket
    bool writing = false;
    error_code write_error;  // the last send's
    std::array<char, 512> peek{};
    // Never expires; cancelled when a send ends, which wakes whoever waits.
    boost::asio::steady_timer sent;
    // Handshake messages after the handshake (key updates, renegotiation
    // attempts): each costs a key derivation and an answer the peer need not
    // read, outside any message budget. Past the most a connection may send,
    // OpenSSL is fed nothing more and the read fails.
    static constexpr unsigned most_post_handshake = 64;
    unsigned post_handshake = 0;
    unsigned hellos = 0;
    bool over_budget() const { return post_handshake > most_post_handshake; }
  };

 private:
  template <typename Handler>
  void start_handshake(Handler&& handler);

  std::shared_ptr<core> core_;
};

namespace tls_detail {

using error_code = boost::beast::error_code;

// A composed operation's wait until a send ends (the op is called again).
template <typename Self>
void await_sent(tls_stream::core& c, Self& self) {
  c.sent.async_wait(std::move(self));
}

// Reads once from the socket; the op is called again with (ec, n).
template <typename Self>
void read_socket(tls_stream::core& c, Self& self) {
  c.next.async_read_some(boost::asio::buffer(c.peek), std::move(self));
}

// An operation's end, never inside the call that started it (Asio's rule for
// every asynchronous operation): from there, a post first. WithBytes: the
// handler takes (error_code, bytes), else (error_code).
template <bool WithBytes>
struct ending {
  bool entered = false;  // called before: this call is a resumption
  bool posted = false;   // the result waits for the posted call
  error_code result;
  std::size_t bytes = 0;

  // First thing in operator(): true when it completed the op.
  template <typename Self>
  bool resume(Self& self, bool& first) {
    first = !entered;
    entered = true;
    if (!posted) return false;
    complete(self, result, bytes);
    return true;
  }
  template <typename Self>
  void finish(Self& self, bool first, error_code ec, std::size_t n = 0) {
    if (!first) return complete(self, ec, n);
    posted = true;
    result = ec;
    bytes = n;
    boost::asio::post(std::move(self));
  }
  template <typename Self>
  static void complete(Self& self, error_code ec, std::size_t n) {
    if constexpr (WithBytes) {
      self.complete(ec, n);
    } else {
      self.complete(ec);
    }
  }
};

struct handshake_op {
  std::shared_ptr<tls_stream::core> c;
  ending<false> end{};
  bool reading = false;
  bool over = false;  // done or failed: waiting for the last flight to be sent
  error_code failed{};

  template <typename Self>
  void operator()(Self& self, error_code ec = {}, std::size_t n = 0) {
    bool first = false;
    if (end.resume(self, first)) return;
    if (reading) {
      reading = false;
      if (ec) return end.finish(self, first, ec);
      c->take(n);
    }
    if (!over) {
      ERR_clear_error();
      const int ret = SSL_do_handshake(c->ssl);
      bool retry = false;
      failed = ret == 1 ? error_code{} : c->ssl_error(ret, retry);
      c->flush();
      if (ret != 1 && retry) {
        reading = true;
        return read_socket(*c, self);
      }
      over = true;
    }
    // Done, or failed: once what OpenSSL wrote (the last flight, an alert) is sent.
    if (c->writing) return await_sent(*c, self);
    end.finish(self, first, failed ? failed : c->write_error);
  }
};

template <typename MutableBuffers>
struct read_op {
  std::shared_ptr<tls_stream::core> c;
  MutableBuffers buffers;
  ending<true> end{};
  bool reading = false;

  template <typename Self>
  void operator()(Self& self, error_code ec = {}, std::size_t n = 0) {
    bool first = false;
    if (end.resume(self, first)) return;
    if (reading) {
      reading = false;
      if (ec == boost::asio::error::eof) ec = boost::asio::ssl::error::stream_truncated;
      if (ec) return end.finish(self, first, ec);
      c->take(n);
    }
    // Into the first buffer with room (a WebSocket reads into one).
    for (const auto b : boost::beast::buffers_range_ref(buffers)) {
      if (b.size() == 0) continue;
      std::size_t got = 0;
      ERR_clear_error();
      const int ret = SSL_read_ex(c->ssl, b.data(), b.size(), &got);
      bool retry = false;
      const error_code error = ret == 1 ? error_code{} : c->ssl_error(ret, retry);
      if (c->over_budget()) return end.finish(self, first, boost::asio::error::connection_aborted);
      c->flush();  // a key update's answer, an alert
      if (ret == 1 || !retry) return end.finish(self, first, error, got);
      reading = true;
      return read_socket(*c, self);
    }
    end.finish(self, first, error_code{});
  }
};

template <typename ConstBuffers>
struct write_op {
  std::shared_ptr<tls_stream::core> c;
  ConstBuffers buffers;
  ending<true> end{};
  std::size_t written = 0;
  bool encrypted = false;
  bool sending = false;  // this op's own send of the records
  error_code failed{};

  template <typename Self>
  void operator()(Self& self, error_code ec = {}, std::size_t = 0) {
    bool first = false;
    if (end.resume(self, first)) return;
    if (sending) {
      // The usual case, in one step: the records this op sent are out.
      c->sent_all(ec);
      if (!ec) c->flush();  // what others wrote meanwhile
      return end.finish(self, first, ec, ec ? 0 : written);
    }
    if (!encrypted) {
      encrypted = true;
      // One record for a WebSocket frame's header and payload together.
      const std::size_t size = boost::asio::buffer_size(buffers);
      std::array<char, 4096> joined;
      const bool small = size <= joined.size();
      if (small) boost::asio::buffer_copy(boost::asio::buffer(joined), buffers);
      for (const auto b : boost::beast::buffers_range_ref(buffers)) {
        const void* data = small ? joined.data() : b.data();
        const std::size_t length = small ? size : b.size();
        std::size_t done = 0;
        ERR_clear_error();
        const int ret = length == 0 ? 1 : SSL_write_ex(c->ssl, data, length, &done);
        if (ret != 1) {
          bool retry = false;
          failed = c->ssl_error(ret, retry);
          if (!failed) failed = boost::asio::error::broken_pipe;
          break;
        }
        written += done;
        if (small) break;
      }
      if (!failed && !c->writing && !c->out.empty()) {
        // Nobody is sending: this op sends its records itself.
        sending = true;
        c->writing = true;
        c->sending.swap(c->out);
        return boost::asio::async_write(c->next, boost::asio::buffer(c->sending), std::move(self));
      }
      c->flush();
    }
    // Complete once the bytes have gone to the socket: a reader that stalls
    // then holds the writer, as on a plain connection.
    if (c->writing) return await_sent(*c, self);
    const error_code error = failed ? failed : c->write_error;
    end.finish(self, first, error, error ? 0 : written);
  }
};

struct shutdown_op {
  std::shared_ptr<tls_stream::core> c;
  ending<false> end{};
  bool started = false;

  template <typename Self>
  void operator()(Self& self, error_code = {}, std::size_t = 0) {
    bool first = false;
    if (end.resume(self, first)) return;
    if (!started) {
      started = true;
      ERR_clear_error();
      SSL_shutdown(c->ssl);
      c->flush();
    }
    if (c->writing) return await_sent(*c, self);
    end.finish(self, first, c->write_error);
  }
};

}  // namespace tls_detail

template <typename Handler>
void tls_stream::start_handshake(Handler&& handler) {
  boost::asio::async_compose<std::decay_t<Handler>, void(error_code)>(
      tls_detail::handshake_op{core_}, handler, core_->next);
}

template <typename Handler>
void tls_stream::async_handshake(boost::asio::ssl::stream_base::handshake_type type,
                                 Handler&& handler) {
  if (type == boost::asio::ssl::stream_base::client) {
    SSL_set_connect_state(core_->ssl);
  } else {
    SSL_set_accept_state(core_->ssl);
  }
  start_handshake(std::forward<Handler>(handler));
}

template <typename ConstBuffers, typename Handler>
void tls_stream::async_handshake(boost::asio::ssl::stream_base::handshake_type type,
                                 const ConstBuffers& already, Handler&& handler) {
  const std::size_t size = boost::asio::buffer_size(already);
  const std::size_t before = core_->in.size();
  core_->in.resize(before + size);
  boost::asio::buffer_copy(boost::asio::buffer(core_->in.data() + before, size), already);
  async_handshake(type, [handler = std::forward<Handler>(handler), size](error_code ec) mutable {
    handler(ec, size);
  });
}

template <typename MutableBuffers, typename Handler>
void tls_stream::async_read_some(const MutableBuffers& buffers, Handler&& handler) {
  boost::asio::async_compose<std::decay_t<Handler>, void(error_code, std::size_t)>(
      tls_detail::read_op<MutableBuffers>{core_, buffers}, handler, core_->next);
}

template <typename ConstBuffers, typename Handler>
void tls_stream::async_write_some(const ConstBuffers& buffers, Handler&& handler) {
  boost::asio::async_compose<std::decay_t<Handler>, void(error_code, std::size_t)>(
      tls_detail::write_op<ConstBuffers>{core_, buffers}, handler, core_->next);
}

template <typename Handler>
void tls_stream::async_shutdown(Handler&& handler) {
  boost::asio::async_compose<std::decay_t<Handler>, void(error_code)>(
      tls_detail::shutdown_op{core_}, handler, core_->next);
}

// A WebSocket's closing handshake: close_notify, then the TCP connection's end.
void teardown(boost::beast::role_type role, tls_stream& stream, boost::beast::error_code& ec);

template <typename Handler>
void async_teardown(boost::beast::role_type role, tls_stream& stream, Handler&& handler) {
  // The peer's close_notify is waited for no longer than the TCP end.
  stream.next_layer().expires_after(teardown_limit);
  stream.async_shutdown(
      [&stream, role, handler = std::forward<Handler>(handler)](boost::beast::error_code) mutable {
        async_bounded_teardown(role, stream.next_layer(), std::move(handler));
      });
}

}  // namespace ariadne
