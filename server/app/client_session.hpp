#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/model/run_command.hpp"
#include "protocol/messages.hpp"
#include "server/app/session_deadlines.hpp"
#include "server/host/connection_identity.hpp"
#include "server/host/drone_run.hpp"
#include "server/host/run_host.hpp"
#include "server/host/run_starter.hpp"
#include "server/host/token_bucket.hpp"
#include "server/net/websocket_handler.hpp"

namespace ariadne {

class ranked_connection;
class ranked_play;

// One drone client's conversation on /ws, independent of the socket: takes
// each text frame and writes exactly one reply. It reads the frame, applies
// the rate limit, and hands it to the part that does the job: its run (a
// drone_run, through core/play's player: the same seat an in-process drone
// has), its starts (run_starter), and on a competition server after a hello
// with a token its ranked part (ranked_connection), which it owns. A bad
// message gets an error reply and changes nothing. A timer ends a run whose
// time is up or which has been idle too long (session_deadlines). Not
// thread-safe: the connection's strand serialises calls.
class client_session : public websocket_handler {
 public:
  // What the server's configuration says of a drone connection.
  struct settings {
    double rate_limit = 100000.0;  // messages a second (0: off)
    double rate_burst = 10000.0;
    std::uint32_t rate_abuse_limit = 1000;  // rate_limited replies in a row before closing
    session_deadlines::limits deadlines;
  };

  // `ranked`: the server's ranked play, or nullptr on a practice server.
  // `draining`: set once the server drains. All of them outlive it.
  client_session(run_host& host, ranked_play* ranked, const settings& configured,
                 const std::atomic<bool>& draining, connection_identity who, clock::time_point now);
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
  std::string describe() const override { return "'" + who_.log_name + "'"; }

  const std::string& id() const { return who_.id; }
  const std::string& name() const { return who_.name; }
  bool has_run() const { return run_.in_run(); }

 private:
  static constexpr const char* draining_reason = "server draining: connect again";
  static constexpr int paints_per_second = 20;

  // The server drains and this connection holds no run: it may go.
  bool done_draining() const;
  // The latest run is a ranked one.
  bool ranked_run() const;
  frame_result on_hello(const protocol::hello_message& hello, std::string_view id,
                        std::string& reply);
  frame_result on_start(const run_request& start, std::string_view id, std::string& reply,
                        clock::time_point now);
  // A practice start set up (or not): it begins, or its refusal is answered.
  bool on_practice_ready(std::variant<run_starter::ready_run, request_error> outcome,
                         std::string_view id, std::string& reply, clock::time_point now);
  // A paint on the run in play: kept with it for spectators and its replay.
  // A paint past its rate is answered, then the reading pauses (read_later).
  void on_paint(const protocol::paint_message& paint, std::string_view id, std::string& reply,
                clock::time_point now);
  // Plays a run command and appends the state reply (deferred when it
  // carries a ranked result: that waits until the result is durable).
  frame_result play(const run_command& command, std::string_view id, std::string& reply,
                    clock::time_point now);
  // Book-keeping once the run has ended: budgets, metrics, registry, the
  // ranked result's record, log.
  void settle();
  // Spends a token of the rate limit; false (with the reply) past it.
  bool within_rate(std::string_view id, std::string& reply, clock::time_point now);
  // Asks for a timer at the next deadline (session_deadlines).
  void arm_timer();
  session_deadlines::clocks clocks() const;

  run_host& host_;
  ranked_play* const ranked_play_;
  const settings& settings_;
  const std::atomic<bool>& draining_;
  connection_identity who_;
  std::weak_ptr<message_sink> sink_;
  clock::time_point connected_at_;
  clock::time_point last_activity_;  // any message
  drone_run run_;
  run_starter starter_;
  // After a hello with a token on a competition server (heap: most
  // connections play no ranked run, and an idle connection's bytes count).
  std::unique_ptr<ranked_connection> ranked_;
  token_bucket bucket_;
  token_bucket paint_bucket_;  // paints, within the messages' own limit
  std::uint32_t rate_limited_in_a_row_ = 0;
};

}  // namespace ariadne
