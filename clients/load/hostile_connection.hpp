#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <functional>
#include <memory>
#include <string>

#include "clients/load/load_types.hpp"
#include "clients/sdk/server_url.hpp"
#include "core/maze/rng.hpp"
#include "tls/maybe_tls_stream.hpp"

namespace ariadne::load {

// A competitor who plays dirty, beside the well-behaved players, for the
// hardening soak and the start-cost benchmark. Kinds:
// - starts: loops start/abandon on the costliest mazes the server allows
//   (random walks on long thin grids, Wilson on a million cells);
// - drop: starts a run, moves a little, then vanishes without a close;
// - garbage: malformed messages of every kind, then an oversized or a binary
//   frame, which gets it closed;
// - deaf: starts a run and sends moves without ever reading a reply.
// A connection that ends (drop, garbage) calls respawn for the next one.
class hostile_connection : public std::enable_shared_from_this<hostile_connection> {
 public:
  enum class kind { starts, drop, garbage, deaf };

  hostile_connection(boost::asio::io_context& ioc, kind k, const options& o,
                     const server_url& where, tally& counts, std::uint64_t seed,
                     std::function<void()> respawn);

  void start();
  void stop();

 private:
  using error_code = boost::beast::error_code;
  using tcp = boost::asio::ip::tcp;

  void on_resolve(error_code ec, tcp::resolver::results_type results);
  void on_connect(error_code ec, tcp::resolver::results_type::endpoint_type);
  void on_handshake(error_code ec);
  void send(std::string message, bool binary = false);
  void on_write(error_code ec, std::size_t);
  void do_read();
  void on_read(error_code ec, std::size_t);
  // The next message this kind sends after a reply.
  void next(std::string_view reply);
  void end();

  boost::beast::websocket::stream<maybe_tls_stream> ws_;
  tcp::resolver resolver_;
  boost::beast::flat_buffer buffer_;
  kind kind_;
  const options& o_;
  const server_url& where_;
  tally& counts_;
  rng rng_;
  std::function<void()> respawn_;
  std::string out_;
  bool stopping_ = false;
  bool ended_ = false;
  unsigned replies_ = 0;
  bool in_run_ = false;
};

}  // namespace ariadne::load
