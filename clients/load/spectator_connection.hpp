#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <cstdint>
#include <memory>
#include <string>

#include "clients/load/load_types.hpp"
#include "clients/sdk/server_url.hpp"
#include "tls/maybe_tls_stream.hpp"

namespace ariadne::load {

// A spectator of one run (--spectators): connects to /spectate/{run} and
// reads every message until the server closes the stream at the run's end,
// counting what it received and the moves it showed.
class spectator_connection : public std::enable_shared_from_this<spectator_connection> {
 public:
  spectator_connection(boost::asio::io_context& ioc, const server_url& where, std::uint64_t run,
                       const shared_clock& clock, tally& counts,
                       std::shared_ptr<boost::asio::ssl::context> tls);

  void start();
  void stop();

 private:
  using error_code = boost::beast::error_code;
  using tcp = boost::asio::ip::tcp;

  void on_resolve(error_code ec, tcp::resolver::results_type results);
  void on_connect(error_code ec, tcp::resolver::results_type::endpoint_type);
  void on_handshake(error_code ec);
  void do_read();
  void on_read(error_code ec, std::size_t bytes);

  boost::beast::websocket::stream<maybe_tls_stream> ws_;
  tcp::resolver resolver_;
  boost::beast::flat_buffer buffer_;
  const server_url& where_;
  std::string target_;
  const shared_clock& clock_;
  tally& counts_;
  bool stopping_ = false;
  std::uint64_t seq_ = 0;  // the moves the stream has shown so far
};

}  // namespace ariadne::load
