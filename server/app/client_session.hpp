#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/model/run_command.hpp"
#include "server/app/competitor_login.hpp"
#include "server/app/run_starter.hpp"
#include "server/app/session_core.hpp"
#include "server/app/token_bucket.hpp"
#include "server/net/websocket_handler.hpp"

namespace ariadne {

class server_context;

// One drone client's conversation on /ws, independent of the socket: takes
// each text frame and writes exactly one reply. It reads the frame, applies
// the rate limit, and hands it to the part that does the job: the hello and
// the competitor's seat (competitor_login), a start (run_starter), a command
// to the run in play (its player, core/play: the same seat an in-process
// drone has). A bad message gets an error reply and changes nothing. A timer
// ends a run whose time is up or which has been idle too long
// (session_deadlines). Not thread-safe: the connection's strand serialises
// calls.
class client_session : public websocket_handler {
 public:
  // address: the one its budgets count under (connection_info::address).
  client_session(server_context& context, std::string id, std::string peer, std::string address,
                 clock::time_point now);
  ~client_session() override;

  client_session(const client_session&) = delete;
  client_session& operator=(const client_session&) = delete;

  // Handles one frame, appending the reply to `reply`; deferred when the
  // reply comes later through message_sink::resume (a start set up on the
  // job pool, a token being looked up, a ranked result being written).
  frame_result handle(std::string_view frame, std::string& reply, clock::time_point now);

  void on_open(std::weak_ptr<message_sink> sink) override;
  frame_result on_frame(std::string_view frame, std::string& reply,
                        clock::time_point now) override {
    return handle(frame, reply, now);
  }
  void on_timer(clock::time_point now) override;
  // While the server drains: closes (1001) once no run is in play or being set up.
  void on_wake(clock::time_point now) override;
  // Closes (1008) after too many wrong tokens, or once the client has been
  // rate limited so often in a row; 1001 when the server drains and no run
  // is in play.
  std::optional<close_request> close_requested() const override;
  std::string describe() const override { return "'" + core_.log_name + "'"; }

  const std::string& id() const { return core_.id; }
  const std::string& name() const { return core_.name; }
  bool has_run() const { return core_.seat.in_run(); }

 private:
  static constexpr const char* draining_reason = "server draining: connect again";
  // The server drains and this connection holds no run: it may go.
  bool done_draining() const;
  frame_result on_start(const run_request& start, std::string_view id, std::string& reply,
                        clock::time_point now);
  // A paint on the run in play: kept with it for spectators and its replay.
  // A paint past its rate is answered, then the reading pauses (read_later).
  void on_paint(const protocol::paint_message& paint, std::string_view id, std::string& reply,
                clock::time_point now);
  frame_result on_challenge_start(const std::string& challenge, std::string_view id,
                                  std::string& reply, clock::time_point now);
  void on_challenges(std::string_view id, std::string& reply);
  // Plays a run command and appends the state reply (deferred when it
  // carries a ranked result: that waits until the result is durable).
  frame_result play(const run_command& command, std::string_view id, std::string& reply,
                    clock::time_point now);
  // Spends a token of the rate limit; false (with the reply) past it.
  bool within_rate(std::string_view id, std::string& reply, clock::time_point now);

  session_core core_;
  run_starter starter_;
  competitor_login login_;
  token_bucket bucket_;
  static constexpr int paints_per_second = 20;
  token_bucket paint_bucket_;  // paints, within the messages' own limit
  std::uint32_t rate_limited_in_a_row_ = 0;
  bool rechecked_ = false;  // a ranked start's refusal, checked against the store
};

}  // namespace ariadne
