#include "server/net/listener.hpp"

#include <spdlog/spdlog.h>

#include "server/net/http_session.hpp"

namespace ariadne {

listener::listener(net::io_context& ioc, const tcp::endpoint& endpoint,
                   std::shared_ptr<server_context> context, error_code& ec)
    : ioc_(ioc),
      acceptor_(net::make_strand(ioc)),
      retry_(acceptor_.get_executor()),
      context_(std::move(context)) {
  acceptor_.open(endpoint.protocol(), ec);
  if (ec) return;
  acceptor_.set_option(net::socket_base::reuse_address(true), ec);
  if (ec) return;
  acceptor_.bind(endpoint, ec);
  if (ec) return;
  acceptor_.listen(net::socket_base::max_listen_connections, ec);
  if (ec) return;
  port_ = acceptor_.local_endpoint(ec).port();
}

void listener::run() {
  do_accept();
}

void listener::stop() {
  net::post(acceptor_.get_executor(), [self = shared_from_this()] {
    error_code ignored;
    self->acceptor_.close(ignored);
    self->retry_.cancel();
  });
}

void listener::do_accept() {
  // Each connection gets its own strand: its handlers never run concurrently.
  acceptor_.async_accept(net::make_strand(ioc_),
                         beast::bind_front_handler(&listener::on_accept, shared_from_this()));
}

void listener::on_accept(error_code ec, tcp::socket socket) {
  if (ec == net::error::operation_aborted || !acceptor_.is_open()) return;
  if (ec) {
    // Out of file descriptors and the like: retry shortly rather than spin.
    spdlog::warn("accept failed: {}; retrying in 100 ms", ec.message());
    retry_.expires_after(std::chrono::milliseconds(100));
    retry_.async_wait([self = shared_from_this()](error_code wait_ec) {
      if (!wait_ec && self->acceptor_.is_open()) self->do_accept();
    });
    return;
  }
  std::make_shared<http_session>(std::move(socket), context_)->run();
  do_accept();
}

}  // namespace ariadne
