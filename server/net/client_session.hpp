#pragma once

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
#include "server/net/run_slot.hpp"
#include "server/net/server_context.hpp"
#include "server/net/token_bucket.hpp"
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
  std::string describe() const override { return "'" + log_name_ + "'"; }

  // True once the client has been rate limited so often in a row that the
  // connection should be closed (1008).
  bool abusive() const { return rate_limited_in_a_row_ >= context_.config().rate_abuse_limit; }

  const std::string& id() const { return id_; }
  const std::string& name() const { return name_; }
  bool has_run() const { return player_.in_run(); }

 private:
  frame_result on_start(const protocol::start_message& start, std::string_view id,
                        std::string& reply, clock::time_point now);
  // Takes a set-up run (or its error) as the answer to a start.
  void finish_start(std::variant<run, request_error> setup, run_slot slot,
                    std::shared_ptr<run_feed> feed, std::string_view id, std::string& reply,
                    clock::time_point now);
  // Asks for on_timer at the next deadline: hello, the run's time and idle
  // limits, or between runs the connection's idle limit.
  void arm_timer();
  // Plays a run command and appends the state reply.
  void play(const run_command& command, std::string_view id, std::string& reply,
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
