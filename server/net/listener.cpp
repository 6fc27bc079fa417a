#include "server/net/listener.hpp"

#include <fcntl.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cerrno>

#include "server/net/budget_address.hpp"
#include "server/net/http_session.hpp"

namespace ariadne {

listener::listener(net::io_context& ioc, const tcp::endpoint& endpoint,
                   std::shared_ptr<transport_context> context, error_code& ec)
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
  spare_ = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
}

listener::~listener() {
  if (spare_ >= 0) ::close(spare_);
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
    report_accept_error(ec);
    if (ec == net::error::no_descriptors || ec.value() == ENFILE) {
      // Out of descriptors: spend the spare one to take a waiting connection
      // and close it, so the queue drains instead of filling.
      shed_one();
    }
    retry_.expires_after(std::chrono::milliseconds(100));
    retry_.async_wait([self = shared_from_this()](error_code wait_ec) {
      if (!wait_ec && self->acceptor_.is_open()) self->do_accept();
    });
    return;
  }
  error_code address_ec;
  const auto peer = socket.remote_endpoint(address_ec);
  const bool proxy = !address_ec && context_->trusted_proxy(peer.address());
  const std::string address = address_ec ? std::string() : budget_address(peer.address());
  connection_slot slot =
      proxy ? context_->admission().admit_proxied(address) : context_->admission().admit(address);
  if (slot.admitted() || slot.refused()) {
    error_code ignored;
    if (const std::size_t bytes = context_->config().socket_send_buffer; bytes != 0)
      socket.set_option(net::socket_base::send_buffer_size(static_cast<int>(bytes)), ignored);
    // Replies go out as they are made: Nagle's algorithm would hold one
    // behind an unacknowledged other (up to the peer's delayed ACK, 40 ms).
    socket.set_option(tcp::no_delay(true), ignored);
    std::make_shared<http_session>(std::move(socket), context_, std::move(slot), proxy)->run();
  } else {
    // Even refusals are too many: close at once.
    context_->stats().connections_refused.fetch_add(1, std::memory_order_relaxed);
    error_code ignored;
    socket.close(ignored);
  }
  do_accept();
}

void listener::report_accept_error(const error_code& ec) {
  // One line a second at most, however many accepts fail.
  const auto now = std::chrono::steady_clock::now();
  ++accept_errors_;
  if (now - last_accept_report_ < std::chrono::seconds(1)) return;
  spdlog::warn("accept failed {} time(s) in the last second: {}", accept_errors_, ec.message());
  accept_errors_ = 0;
  last_accept_report_ = now;
}

void listener::shed_one() {
  if (spare_ < 0) return;
  ::close(spare_);
  spare_ = -1;
  error_code ec;
  acceptor_.non_blocking(true, ec);
  tcp::socket victim(ioc_);
  acceptor_.accept(victim, ec);
  victim.close(ec);
  acceptor_.non_blocking(false, ec);
  spare_ = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
}

}  // namespace ariadne
