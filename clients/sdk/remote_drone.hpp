#pragma once

#include <boost/system/error_code.hpp>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bots/drone.hpp"
#include "clients/sdk/reconnect_policy.hpp"

namespace boost::asio::ssl {
class context;
}

namespace ariadne {

// The connection was lost and mended, but the run in play did not come
// back with it: it ended unseen (its result is the server's, not shown
// here), or it was given back (its server died or left; a ranked attempt
// given back may be played again).
class run_lost : public drone_error {
 public:
  using drone_error::drone_error;
};

// A drone on an Ariadne server, over a WebSocket speaking protocol v1 with the
// shared protocol types. Blocking: each request waits for its reply.
class remote_drone : public drone {
 public:
  // Connects to url ("ws://HOST:PORT/PATH", or wss:// over TLS checked with
  // tls, by default against the system's trust store (client_context_for);
  // the path defaults to /ws) and says
  // hello as `name`. Throws drone_error when the connection is refused, the
  // handshake fails or the server answers with an error. Every request (the
  // connection included) fails with drone_error when its reply takes longer
  // than timeout. With a token the drone is that competitor's (ranked runs:
  // start_challenge); a wrong token throws drone_error (code unauthorized).
  // bot names the client's bot in hello ("ariadne-bot/frontier 0.1.0"), as
  // the server's pages and replays show it. With a token, the URL's query
  // gets ?competitor=KEY (clients/sdk/route_key.hpp) for a cluster's proxy.
  // A lost connection is mended as `reconnect` says: a ranked run in play
  // comes back with it (the server's takeover), and the request the loss
  // cut short is answered as if nothing happened, or throws run_lost.
  // call_deadline, when given, is read before each wait: no operation, the
  // mending of a connection and the closing handshake included, goes past
  // the time it holds (the caller moves it forward before each call).
  using time_point = std::chrono::steady_clock::time_point;
  remote_drone(const std::string& url, const std::string& name,
               std::chrono::milliseconds timeout = std::chrono::seconds(30),
               const std::string& token = {}, const std::string& bot = {},
               std::shared_ptr<boost::asio::ssl::context> tls = nullptr,
               reconnect_policy reconnect = {},
               std::shared_ptr<const time_point> call_deadline = nullptr);
  ~remote_drone() override;

  remote_drone(const remote_drone&) = delete;
  remote_drone& operator=(const remote_drone&) = delete;

  // The latest connection's welcome: a mended connection replaces it, so a
  // caller that plays on keeps a copy, not this reference.
  const protocol::welcome_message& welcome() const { return welcome_; }
  // How many times a lost connection was mended.
  unsigned reconnects() const { return reconnects_; }
  // drone::paint over the connection (which may also be rate_limited).
  std::uint64_t paint(const protocol::paint_message& paint) override;
  // The competition's challenges as they stand now (the challenges
  // message: attempts left, marks). Throws drone_error (unauthorized
  // without a competitor's token).
  std::vector<protocol::challenge_info> challenges();

  // The largest reply frame this drone reads (Beast's default is 16 MiB).
  static constexpr std::size_t max_reply_bytes = std::size_t{1} << 20;
  // The longest a closing handshake may take.
  static constexpr std::chrono::seconds close_bound{2};

 protected:
  drone_state exchange(const protocol::client_message& message) override;

 private:
  // A new connection, its handshake and hello: the welcome. Throws
  // drone_error; `mendable` tells whether trying again may help (for the
  // first connection, not after a refused one).
  protocol::welcome_message open(bool& mendable, bool first = false);
  // The first connection, tried again by the policy as a lost one is.
  protocol::welcome_message open_first();
  // Sends one frame and returns the parsed reply; throws drone_error, or
  // returns nullopt with `lost` saying why when a new connection may mend it.
  std::optional<protocol::server_message> try_call(const protocol::client_message& message,
                                                   std::string& lost);
  // Sends one frame and returns the parsed reply, mending a lost connection.
  protocol::server_message call(const protocol::client_message& message);
  // A new connection after `lost`, and the reply to `message` on it.
  protocol::server_message mend(const protocol::client_message& message, std::string lost);
  std::string describe(const boost::system::error_code& ec) const;
  // One asynchronous operation on the connection, waited for at most
  // `bound` and never past the call's deadline: past either the socket is
  // closed and the operation ends with timeout.
  template <typename Begin>
  boost::system::error_code wait(Begin&& begin, std::chrono::steady_clock::duration bound);
  // Whether a wait of `pause` still ends before the call's deadline.
  bool time_for(std::chrono::steady_clock::duration pause) const;

  struct connection;
  std::unique_ptr<connection> connection_;
  std::string url_;
  std::string name_;
  std::string token_;
  std::string bot_;
  std::shared_ptr<boost::asio::ssl::context> tls_;
  std::chrono::milliseconds timeout_;
  reconnect_policy reconnect_;
  std::shared_ptr<const time_point> call_deadline_;
  unsigned reconnects_ = 0;
  protocol::welcome_message welcome_;
};

}  // namespace ariadne
