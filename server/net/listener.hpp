#pragma once

#include <memory>

#include <boost/asio/steady_timer.hpp>

#include "server/net/beast.hpp"
#include "server/net/transport_context.hpp"

namespace ariadne {

// Accepts TCP connections and hands each to an http_session on its own strand,
// admitted or (past the connection budgets) to be answered 503. Keeps a spare
// descriptor so that, when the process runs out, it can still take waiting
// connections and close them instead of letting them pile up.
class listener : public std::enable_shared_from_this<listener> {
 public:
  // Opens, binds and listens; ec says why it could not.
  listener(net::io_context& ioc, const tcp::endpoint& endpoint,
           std::shared_ptr<transport_context> context, error_code& ec);
  ~listener();

  void run();
  // Stops accepting; callable from any thread.
  void stop();
  unsigned short port() const { return port_; }

 private:
  void do_accept();
  void on_accept(error_code ec, tcp::socket socket);
  void report_accept_error(const error_code& ec);
  // Accepts one waiting connection on the spare descriptor and closes it.
  void shed_one();

  net::io_context& ioc_;
  tcp::acceptor acceptor_;
  net::steady_timer retry_;
  std::shared_ptr<transport_context> context_;
  unsigned short port_ = 0;
  int spare_ = -1;  // a descriptor kept for when all others are taken
  std::uint64_t accept_errors_ = 0;
  std::chrono::steady_clock::time_point last_accept_report_{};
};

}  // namespace ariadne
