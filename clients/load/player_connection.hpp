#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "clients/load/load_types.hpp"
#include "clients/load/spectator_connection.hpp"
#include "clients/sdk/server_url.hpp"
#include "core/maze/rng.hpp"
#include "core/model/run_request.hpp"
#include "tls/maybe_tls_stream.hpp"

namespace ariadne::load {

// A well-behaved player: says hello, starts runs on 64x64-style mazes and
// keeps `pipeline` move (or path) messages in flight, choosing directions from
// the last reply. With --verify its runs are short and each one is replayed
// offline on the rules when it ends: the server's result must be the same.
class player_connection : public std::enable_shared_from_this<player_connection> {
 public:
  player_connection(boost::asio::io_context& ioc, const options& o, const server_url& where,
                    const shared_clock& clock, tally& counts, readiness& ready, std::uint64_t seed);

  void start();
  void stop();

 private:
  using error_code = boost::beast::error_code;
  using tcp = boost::asio::ip::tcp;

  std::size_t index_;  // which connection: picks its token
  boost::asio::io_context& ioc_;
  void on_resolve(error_code ec, tcp::resolver::results_type results);
  void on_connect(error_code ec, tcp::resolver::results_type::endpoint_type);
  void on_handshake(error_code ec);
  void fail();
  void start_run();
  void send_play();
  unsigned pick();
  void send(std::string message, bool paint = false);
  // Sends a paint after every --paint-every moves.
  void maybe_paint();
  // A paint of 128 cells of the maze, colours and texts mixed.
  std::string paint_message();
  void do_write();
  void on_write(error_code ec, std::size_t);
  void do_read();
  void on_read(error_code ec, std::size_t);
  void handle(std::string_view reply, bool error, bool measuring);
  void say_hello();
  std::uint64_t moves_in(std::string_view reply) const;
  void read_open(std::string_view reply);
  // Opens --spectators streams on the run a start reply names.
  void watch(std::string_view start_reply);
  // Replays the run that just ended offline and compares its result.
  void verify(std::string_view final_reply);

  enum class phase { greeting, starting, playing, idle };

  boost::beast::websocket::stream<maybe_tls_stream> ws_;
  tcp::resolver resolver_;
  boost::asio::steady_timer retry_;  // a refused hello's next try
  boost::beast::flat_buffer buffer_;
  const options& o_;
  const server_url& where_;
  const shared_clock& clock_;
  tally& counts_;
  readiness& ready_;
  rng rng_;
  std::deque<std::string> queue_;
  // Each message in flight: when it was sent, and whether it is a paint
  // (whose reply neither counts as a move nor calls for the next one).
  struct pending {
    clock_type::time_point at;
    bool paint = false;
  };
  std::deque<pending> sent_;
  unsigned since_paint_ = 0;
  bool writing_ = false;
  bool stopping_ = false;
  bool finishing_ = false;
  phase phase_ = phase::greeting;
  unsigned open_[4] = {0, 0, 0, 0};
  unsigned open_count_ = 0;
  // With verify: the current run's request and every command sent for it,
  // in order ('N', 'E', 'S', 'W' for a move, or the letters of a path).
  run_request request_;
  std::vector<std::string> commands_;
  // The current run's spectators (--spectators).
  std::vector<std::shared_ptr<spectator_connection>> spectators_;
};

}  // namespace ariadne::load
