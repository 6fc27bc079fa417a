#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <variant>

#include "core/model/errc.hpp"
#include "core/model/run_command.hpp"
#include "core/play/player.hpp"
#include "protocol/messages.hpp"
#include "server/live/run_feed.hpp"
#include "server/app/run_slot.hpp"
#include "server/app/server_context.hpp"
#include "server/app/token_bucket.hpp"
#include "server/net/websocket_handler.hpp"

namespace ariadne {

// One drone client's conversation on /ws, independent of the socket: takes
// each text frame and writes exactly one reply. Its player holds the run
// (core/play: the same seat an in-process drone has); each run reports to a
// feed in the server's run registry. A bad message gets an error reply and
// changes nothing. A start that costs more than a couple of milliseconds is
// set up on the server's job pool and answered when ready (no other frame is
// read meanwhile); a timer ends a run whose time is up or which has been idle
// too long. Not thread-safe: the connection's strand serialises calls.
class client_session : public websocket_handler {
 public:
  // address: the one its budgets count under (connection_info::address).
  client_session(server_context& context, std::string id, std::string peer, std::string address,
                 clock::time_point now);
  ~client_session() override;

  client_session(const client_session&) = delete;
  client_session& operator=(const client_session&) = delete;

  // Set-ups estimated cheaper than this run inline; the rest on the job pool.
  // The estimate is calibrated on mazes too big for the caches, so for the
  // small mazes under it (up to 64 x 64 for most generators) it is several
  // times the truth: about 0.15 ms at most, and each address's share of
  // set-up work (--start-cost-rate) bounds how often.
  static constexpr std::uint64_t inline_start_cost = 64'000;

  // Handles one frame, appending the reply to `reply`; deferred for a start
  // set up on the job pool (the reply then comes through message_sink::resume).
  frame_result handle(std::string_view frame, std::string& reply, clock::time_point now);

  void on_open(std::weak_ptr<message_sink> sink) override {
    sink_ = std::move(sink);
    arm_timer();  // the hello deadline
  }
  frame_result on_frame(std::string_view frame, std::string& reply,
                        clock::time_point now) override {
    return handle(frame, reply, now);
  }
  void on_timer(clock::time_point now) override;
  // Closes (1008) once the client has been rate limited so often in a row.
  std::optional<close_request> close_requested() const override;
  // Wrong tokens a connection may send before it is closed (1008).
  static constexpr std::uint32_t bad_token_limit = 5;
  std::string describe() const override { return "'" + log_name_ + "'"; }

  // True once the client has been rate limited so often in a row that the
  // connection should be closed (1008).
  bool abusive() const { return rate_limited_in_a_row_ >= context_.config().rate_abuse_limit; }

  const std::string& id() const { return id_; }
  const std::string& name() const { return name_; }
  bool has_run() const { return player_.in_run(); }

 private:
  frame_result on_hello(const protocol::hello_message& hello, std::string_view id,
                        std::string& reply);
  // A token looked up: refuse it, or claim the competitor's seat (false:
  // the welcome waits for the seat, see take_seat).
  bool on_authorized(const std::optional<competitor_record>& who, std::string_view id,
                     std::string& reply);
  // The seat is this connection's: welcome the competitor, with the ranked
  // run it took over, if any.
  void take_seat(std::optional<parked_run> run, std::string_view id, std::string& reply);
  // Another connection claimed the competitor, or its token was withdrawn:
  // hand the run over (or park it) and close.
  void hand_over(bool withdrawn);
  // Moves the ranked run in play out of this session, if there is one.
  std::optional<parked_run> park_ranked_run();
  frame_result on_challenge_start(const std::string& challenge, std::string_view id,
                                  std::string& reply, clock::time_point now);
  // Sets a run up (inline, or on the job pool) and answers the start; for a
  // ranked run `ranked` is its attempt, given back when the run cannot start.
  frame_result start_run(const run_request& request, std::optional<ranked_run_record> ranked,
                         std::string_view id, std::string& reply, clock::time_point now);
  // Takes a set-up run (or its error) as the answer to a start.
  void finish_start(std::variant<run, request_error> setup, run_slot slot,
                    std::shared_ptr<run_feed> feed, std::optional<ranked_run_record> ranked,
                    std::string_view id, std::string& reply, clock::time_point now);
  // Sends text as the deferred frame's reply once the store has written
  // everything submitted before.
  void reply_when_durable(std::string text);
  // What a ranked run's replies never show: the seed; the maze is the challenge.
  void hide_secrets(drone_state& state) const;
  // Asks for on_timer at the next deadline: hello, the run's time and idle
  // limits, or between runs the connection's idle limit.
  void arm_timer();
  // Plays a run command and appends the state reply (deferred when it
  // carries a ranked result: that waits until the result is durable).
  frame_result play(const run_command& command, std::string_view id, std::string& reply,
                    clock::time_point now);
  void reply_rate_limited(std::string_view id, std::string& reply);
  void reply_error(const request_error& error, std::string_view id, std::string& reply);
  // Book-keeping once the run has ended: budget, metrics, registry, log.
  void settle_if_finished();

  server_context& context_;
  std::string id_;
  std::string peer_;
  std::string address_;
  std::string name_;
  std::string log_name_;  // name_ as logs may show it
  bool greeted_ = false;
  std::optional<competitor_record> competitor_;  // a hello with a valid token
  std::uint32_t bad_tokens_ = 0;
  std::uint64_t seat_key_ = 0;           // this connection, in competitor_seats
  bool replaced_ = false;                // the seat went to another connection
  bool hand_over_when_started_ = false;  // replaced while a ranked start was set up
  bool token_withdrawn_ = false;
  // The ranked attempt of the latest run, if it was one.
  std::optional<ranked_run_record> ranked_;
  std::optional<ranked_run_record> pending_ranked_;  // a ranked start being set up
  // The store's answer for the latest ranked result: 0 pending, 1 durable, 2 failed.
  std::shared_ptr<std::atomic<int>> end_written_;
  token_bucket bucket_;
  std::uint32_t rate_limited_in_a_row_ = 0;
  std::weak_ptr<message_sink> sink_;
  clock::time_point connected_at_;
  clock::time_point last_activity_;  // any message
  clock::time_point last_message_;   // a command to the run in play
  std::shared_ptr<run_feed> feed_;   // the current run's: declared first, so it outlives the run
  player player_;
  run_slot slot_;  // the current run's place in the budgets, until it ends
  // A start being set up on the job pool.
  run_slot pending_slot_;
  std::shared_ptr<run_feed> pending_feed_;
};

}  // namespace ariadne
