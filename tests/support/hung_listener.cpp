#include "tests/support/hung_listener.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

namespace ariadne::testing {

struct hung_listener::socket {
  boost::asio::io_context ioc;
  boost::asio::ip::tcp::acceptor acceptor{ioc, {boost::asio::ip::make_address("127.0.0.1"), 0}};
};

hung_listener::hung_listener() : socket_(std::make_unique<socket>()) {}
hung_listener::~hung_listener() = default;

unsigned short hung_listener::port() const {
  return socket_->acceptor.local_endpoint().port();
}

}  // namespace ariadne::testing
