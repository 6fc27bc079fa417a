#pragma once

#include <boost/asio/steady_timer.hpp>
#include <memory>
#include <optional>
#include <string>

#include "server/net/beast.hpp"
#include "server/net/closable.hpp"
#include "server/net/connection_slot.hpp"
#include "server/net/message_sink.hpp"
#include "server/net/prefixed_stream.hpp"
#include "server/net/transport_context.hpp"
#include "server/net/websocket_handler.hpp"
#include "server/net/websocket_routes.hpp"
#include "server/net/write_queue.hpp"
#include "tls/maybe_tls_stream.hpp"

namespace ariadne {

// One WebSocket connection, whatever its endpoint: reads text frames, hands
// each to its handler and writes the replies in order through a bounded
// queue; while too many messages wait for a slow reader, reading pauses.
// Messages can also be pushed from any thread (send, on the strand), sharing
// one buffer between receivers; a push to a full queue drops the connection.
// Binary frames close with 1008, oversized messages with 1009 (Beast's
// read_message_max), a server stop with 1001. A ping goes out every
// ping_seconds, so that a proxy in front never finds the connection idle.
class websocket_session : public std::enable_shared_from_this<websocket_session>,
                          public closable,
                          public message_sink {
 public:
  // Takes a connection slot already reserved with the server context, and
  // what was read past the upgrade request (the first frames of a client
  // that did not wait for the handshake's answer).
  websocket_session(maybe_tls_stream&& stream, beast::flat_buffer already_read,
                    std::shared_ptr<transport_context> context, connection_slot slot,
                    connection_info who, std::unique_ptr<websocket_handler> handler);
  ~websocket_session() override;

  void run(http::request<http::string_body> request);
  void shutdown() override;
  void wake() override;
  void send(std::shared_ptr<const std::string> text) override;
  void close(std::uint16_t code, std::string reason) override;
  void resume(std::function<bool(std::string& reply)> finish) override;
  void post(std::function<void()> work) override;
  void drop() override;
  std::size_t backlog() const override { return queue_.size(); }
  void wake_at(std::chrono::steady_clock::time_point when) override;
  void read_later(std::chrono::steady_clock::time_point when) override;

 private:
  void on_accept(error_code ec);
  // Sets timer_ to the soonest of the moments below.
  void arm_timer();
  void on_time();
  void ping();
  void do_read();
  // do_read, or after read_later's time.
  void read_on();
  void on_read(error_code ec, std::size_t bytes);
  // After a frame's reply: write, close if the handler asks, read on.
  void after_frame();
  void on_resume(const std::function<bool(std::string& reply)>& finish);
  void do_write();
  void on_write(error_code ec, std::size_t bytes);
  void on_send(std::shared_ptr<const std::string> text);
  void drop_now();
  // Closes once every queued message is written.
  void close_after_writes(websocket::close_code code, std::string reason);
  void do_close();
  void on_close(error_code ec);
  void fail(error_code ec, const char* what);

  websocket::stream<prefixed_stream<maybe_tls_stream>> ws_;
  beast::flat_buffer buffer_;
  std::shared_ptr<transport_context> context_;
  connection_slot slot_;
  connection_info who_;
  std::unique_ptr<websocket_handler> handler_;
  write_queue queue_;
  bool writing_ = false;
  bool opened_ = false;  // the handler has had on_open
  bool read_paused_ = false;
  bool deferred_ = false;  // a frame's reply is still to come (resume)
  // One timer for three moments (one each would cost an idle connection
  // two more timers): the handler's (wake_at), the paced read's (read_at_,
  // once read_on put the read off until then) and the next ping's.
  net::steady_timer timer_;
  std::optional<std::chrono::steady_clock::time_point> wake_at_;
  std::optional<std::chrono::steady_clock::time_point> read_at_;  // read_later's
  bool read_waits_ = false;                                       // then read_at_ is set
  std::optional<std::chrono::steady_clock::time_point> ping_at_;
  // The wait in progress: when it ends, and whether it holds the session.
  std::optional<std::chrono::steady_clock::time_point> armed_at_;
  bool armed_strong_ = false;
  bool pinging_ = false;
  bool closing_ = false;
  std::optional<websocket::close_reason> close_reason_;
  std::uint64_t registry_key_ = 0;
};

}  // namespace ariadne
