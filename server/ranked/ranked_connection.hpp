#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/model/drone_state.hpp"
#include "core/model/run_result.hpp"
#include "protocol/messages.hpp"
#include "server/competition/competition_hub.hpp"
#include "server/host/connection_identity.hpp"
#include "server/host/drone_run.hpp"
#include "server/host/run_host.hpp"
#include "server/host/run_starter.hpp"
#include "server/net/message_sink.hpp"
#include "server/net/websocket_handler.hpp"
#include "server/ranked/competitor_seats.hpp"
#include "server/ranked/durable_result.hpp"
#include "server/ranked/token_login.hpp"

namespace ariadne {

class ranked_play;

// Everything ranked about one drone connection, in one place: the token's
// hello (looked up on the store's thread) and the competitor's seat
// (competitor_seats: one connection per competitor), the maze dealt, its
// claim in the store and its give-back when it is not played, the end of
// the run and when it is durable, the hand-over of the run in play to the
// competitor's newer connection (here, or on another server) and its
// parking when the connection drops. Created by the connection at a hello
// with a token on a competition server; a practice connection has none.
// Its hello begins with a token_login, its run's result is sent once
// durable (durable_result). It works on the connection's run (drone_run)
// and starts (run_starter),
// which its owner (client_session) also holds; its asynchronous steps end
// on the connection's strand through the sink. Not thread-safe: the
// connection's strand.
class ranked_connection {
 public:
  using clock = std::chrono::steady_clock;
  using frame_result = websocket_handler::frame_result;

  ranked_connection(ranked_play& play, run_host& host, connection_identity& who, drone_run& run,
                    run_starter& starter, std::weak_ptr<message_sink> sink);
  // The connection goes: its seat let go, its ranked run in play parked for
  // a takeover (or, as the server stops, given back), a maze being set up or
  // claimed given back.
  ~ranked_connection();

  ranked_connection(const ranked_connection&) = delete;
  ranked_connection& operator=(const ranked_connection&) = delete;

  // A hello with a token: looked up, then the competitor's seat taken; the
  // welcome (with the run it takes over, if any) comes later.
  frame_result hello(const protocol::hello_message& hello, std::string_view id, std::string& reply);
  // The competitor whose token this connection showed, once welcomed.
  const competitor_record* competitor() const { return competitor_.get(); }
  bool too_many_bad_tokens() const { return login_.too_many_bad_tokens(); }

  // {"type":"challenges"}: the challenges as this competitor stands on them.
  void challenges(std::string_view id, std::string& reply) const;
  // A ranked start: the challenge's next maze dealt, set up, claimed in the
  // store, then begun.
  frame_result start(const std::string& challenge, std::string_view id, std::string& reply,
                     clock::time_point now);

  // True while the connection's latest run (in play, or ended and its
  // result not yet seen) is this competitor's attempt.
  bool playing() const {
    return attempt_ && run_.feed() != nullptr && run_.feed()->run_id() == attempt_->run;
  }
  // A state of that run as the competitor sees it: without its seed, and
  // (a start, a takeover, a result) with its place in its attempt's set.
  void present(drone_state& state) const;
  // That run ended with `result`: its end is recorded (durable later).
  void record_end(const run_result& result);
  // Sends reply[from..] (a state with the run's result) once the result is
  // durable, or an error and a close (1011) if it cannot be: deferred.
  frame_result reply_when_durable(std::string& reply, std::size_t from);
  // A result waits for the store: a draining server keeps the connection.
  bool waiting_for_store() const { return result_.waiting(); }
  // When the run in play is ended by the competition's close (its grace
  // passed), as a time of the steady clock; nullopt without one.
  std::optional<clock::time_point> close_deadline() const;

 private:
  bool seat_written(const competitor_record& who, bool recorded,
                    const std::string& playing_elsewhere, std::string_view id);
  void take_seat(std::optional<parked_run> run, std::string_view id, std::string& reply);
  // The maze dealt is set up (or not): claimed in the store before it begins.
  bool on_maze_ready(std::variant<run_starter::ready_run, request_error> outcome,
                     std::string_view id, std::string& reply, clock::time_point now);
  bool on_claimed(attempt_claims::claim outcome, std::string_view id, std::string& reply);
  // The claimed run begins: its state to the competitor, or to its newer
  // connection, when one came meanwhile.
  void begin(prepared_run prepared, ranked_run_record record, std::string_view id,
             std::string& reply);
  // A start that ended without a run: a newer connection that came
  // meanwhile is let go to. True when this connection let go.
  bool after_start();
  bool hand_over(competitor_seats::let_go_reason why);
  std::optional<parked_run> park_run();
  void leave_seat();

  ranked_play& play_;
  run_host& host_;
  connection_identity& who_;
  drone_run& run_;
  run_starter& starter_;
  std::weak_ptr<message_sink> sink_;

  token_login login_;
  std::unique_ptr<competitor_record> competitor_;  // once welcomed
  std::uint64_t seat_key_ = 0;                     // this connection, in competitor_seats
  bool replaced_ = false;                          // the seat went to another connection
  bool token_withdrawn_ = false;
  bool moved_away_ = false;              // its competitor said hello on another server
  bool hand_over_when_started_ = false;  // asked to let go while a start was under way
  bool rechecked_ = false;               // a start's refusal, checked against the store

  // The maze dealt, from its deal until it begins or is given back.
  std::unique_ptr<ranked_run_record> dealt_;
  // A run set up, waiting for its claim.
  std::unique_ptr<prepared_run> claiming_;
  // The attempt of the connection's latest run, once begun.
  std::unique_ptr<ranked_run_record> attempt_;
  durable_result result_;
};

}  // namespace ariadne
