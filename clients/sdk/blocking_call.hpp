#pragma once

#include <boost/asio/error.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/beast/core/error.hpp>
#include <chrono>

namespace ariadne {

// Runs one asynchronous operation to its end on a private io_context and
// returns its error: a blocking call that a tcp_stream's expiry can cut short
// (Beast's synchronous calls ignore timeouts). `begin` starts the operation
// with the completion handler it is given.
template <typename Begin>
boost::beast::error_code blocking_call(boost::asio::io_context& ioc, Begin&& begin) {
  boost::beast::error_code result = boost::asio::error::would_block;
  begin([&result](boost::beast::error_code ec, auto&&...) { result = ec; });
  ioc.restart();
  ioc.run();
  return result;
}

// The same, ended by `deadline` whatever the operation does: past it, `cut`
// (closing the socket) makes it complete, and the call returns timeout. A
// stream's expiry alone does not bound a composed operation that starts
// reads of its own (Beast's closing handshake drains what a peer streams).
template <typename Begin, typename Cut>
boost::beast::error_code blocking_call(boost::asio::io_context& ioc, Begin&& begin,
                                       std::chrono::steady_clock::time_point deadline, Cut&& cut) {
  boost::beast::error_code result = boost::asio::error::would_block;
  begin([&result](boost::beast::error_code ec, auto&&...) { result = ec; });
  ioc.restart();
  ioc.run_until(deadline);
  if (result != boost::asio::error::would_block) return result;
  cut();
  ioc.run();
  return boost::beast::error::timeout;
}

}  // namespace ariadne
