#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <cstdint>

#include "server/net/transport_stats.hpp"

namespace ariadne {

// Gives the heap's free pages back to the system after TLS handshakes. A
// handshake needs tens of KB for a moment; a burst of them leaves holes
// between the connections that stay, which glibc never returns by itself (it
// trims only the top of its heap): 10,000 idle TLS connections held 15% more
// than they use. At most once a second, and only after handshakes.
class heap_trimmer {
 public:
  heap_trimmer(boost::asio::io_context& ioc, const transport_stats& stats);

  void start();
  // The pending wait is cancelled; call with the io_context stopped or running.
  void stop();

 private:
  void do_wait();
  void on_wait(boost::system::error_code ec);

  boost::asio::steady_timer timer_;
  const transport_stats& stats_;
  std::uint64_t handshakes_seen_ = 0;
};

}  // namespace ariadne
