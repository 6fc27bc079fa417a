#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

namespace ariadne::testing {

// A server that never answers: it listens on 127.0.0.1 (the kernel completes
// connections) but never accepts, reads or writes. For clients' timeouts.
class hung_listener {
 public:
  hung_listener() : acceptor_(ioc_, {boost::asio::ip::make_address("127.0.0.1"), 0}) {}
  unsigned short port() const { return acceptor_.local_endpoint().port(); }

 private:
  boost::asio::io_context ioc_;
  boost::asio::ip::tcp::acceptor acceptor_;
};

}  // namespace ariadne::testing
