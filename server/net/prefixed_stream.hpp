#pragma once

#include <boost/asio/associated_executor.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/beast/websocket/teardown.hpp>
#include <utility>

#include "server/net/beast.hpp"

namespace ariadne {

// A stream that first yields bytes already read from it (what a client sent
// right behind its upgrade request, read along with it), then reads from the
// stream below. The WebSocket stream sits on it, so no frame is lost at the
// upgrade. Writes go straight through.
template <typename NextLayer>
class prefixed_stream {
 public:
  using executor_type = typename NextLayer::executor_type;

  template <typename Arg>
  prefixed_stream(Arg&& next, beast::flat_buffer prefix)
      : next_(std::forward<Arg>(next)), prefix_(std::move(prefix)) {
    if (prefix_.size() == 0) prefix_.shrink_to_fit();
  }

  executor_type get_executor() { return next_.get_executor(); }
  NextLayer& next_layer() { return next_; }
  const NextLayer& next_layer() const { return next_; }

  template <typename MutableBuffers, typename Handler>
  void async_read_some(const MutableBuffers& buffers, Handler&& handler) {
    if (prefix_.size() == 0) {
      next_.async_read_some(buffers, std::forward<Handler>(handler));
      return;
    }
    const std::size_t n = net::buffer_copy(buffers, prefix_.data());
    prefix_.consume(n);
    // Read out: its memory (the HTTP read buffer) goes, not to be held by an
    // idle connection for its lifetime.
    if (prefix_.size() == 0) prefix_.shrink_to_fit();
    // Completions never run inside the initiating call, and run where the
    // handler asks (its associated executor: the connection's strand).
    auto executor = net::get_associated_executor(handler, get_executor());
    net::post(executor, [handler = std::forward<Handler>(handler), n]() mutable {
      handler(error_code{}, n);
    });
  }

  template <typename ConstBuffers, typename Handler>
  void async_write_some(const ConstBuffers& buffers, Handler&& handler) {
    next_.async_write_some(buffers, std::forward<Handler>(handler));
  }

 private:
  NextLayer next_;
  beast::flat_buffer prefix_;
};

template <typename NextLayer>
void teardown(beast::role_type role, prefixed_stream<NextLayer>& stream, error_code& ec) {
  using beast::teardown;
  teardown(role, stream.next_layer(), ec);
}

template <typename NextLayer, typename Handler>
void async_teardown(beast::role_type role, prefixed_stream<NextLayer>& stream, Handler&& handler) {
  using beast::async_teardown;
  async_teardown(role, stream.next_layer(), std::forward<Handler>(handler));
}

}  // namespace ariadne
