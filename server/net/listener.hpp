#pragma once

#include <memory>

#include <boost/asio/steady_timer.hpp>

#include "server/net/beast.hpp"
#include "server/net/server_context.hpp"

namespace ariadne {

// Accepts TCP connections and hands each to an http_session on its own strand.
class listener : public std::enable_shared_from_this<listener> {
 public:
  // Opens, binds and listens; ec says why it could not.
  listener(net::io_context& ioc, const tcp::endpoint& endpoint,
           std::shared_ptr<server_context> context, error_code& ec);

  void run();
  // Stops accepting; callable from any thread.
  void stop();
  unsigned short port() const { return port_; }

 private:
  void do_accept();
  void on_accept(error_code ec, tcp::socket socket);

  net::io_context& ioc_;
  tcp::acceptor acceptor_;
  net::steady_timer retry_;
  std::shared_ptr<server_context> context_;
  unsigned short port_ = 0;
};

}  // namespace ariadne
