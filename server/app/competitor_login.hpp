#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "protocol/messages.hpp"
#include "server/app/competitor_seats.hpp"
#include "server/net/websocket_handler.hpp"
#include "server/store/results_store.hpp"

namespace ariadne {

class run_starter;
class session_core;

// A drone connection's hello, and in competition mode who it is: a token is
// looked up on the store's thread, then the competitor's seat is claimed
// (competitor_seats). The connection that held it hands its ranked run in
// play over and closes (1008 "replaced"); a withdrawn token closes it too.
class competitor_login {
 public:
  using frame_result = websocket_handler::frame_result;

  // Wrong tokens a connection may send before it is closed (1008).
  static constexpr std::uint32_t bad_token_limit = 5;

  competitor_login(session_core& core, run_starter& starter);

  competitor_login(const competitor_login&) = delete;
  competitor_login& operator=(const competitor_login&) = delete;

  frame_result hello(const protocol::hello_message& hello, std::string_view id, std::string& reply);
  // The competitor whose token this connection showed, if any.
  const competitor_record* competitor() const { return competitor_.get(); }
  // The seat went to another connection of the competitor: this one closes,
  // and starts nothing more (its run would be nobody's).
  bool replaced() const { return replaced_; }
  bool too_many_bad_tokens() const { return bad_tokens_ >= bad_token_limit; }
  // The connection is closing: it lets go of its seat, parking its ranked
  // run in play for a takeover (unless the server is stopping: then the
  // run stays in play in the store, and the next start gives it back).
  void leave_seat();

 private:
  // A token looked up: refuse it, or write the competitor's seat in the
  // store (false: the welcome waits for it).
  bool on_authorized(bool answered, const std::optional<competitor_record>& who,
                     const std::string& playing_elsewhere, std::string_view id, std::string& reply);
  // The store's seat written (recorded), or being written beside: claim
  // the seat here (false: the welcome waits for it, see take_seat, and for
  // the competitor's run in play on another server, which is handed over
  // here).
  bool seat_written(const competitor_record& who, bool recorded,
                    const std::string& playing_elsewhere, std::string_view id);
  // The seat is this connection's: welcome the competitor, with the ranked
  // run it took over, if any.
  void take_seat(std::optional<parked_run> run, std::string_view id, std::string& reply);
  // Another connection claimed the competitor, or its token was withdrawn:
  // hand the run over (or park it) and close; its competitor went to
  // another server: give the run back, then close. True when it let go now.
  bool hand_over(competitor_seats::let_go_reason why);
  // Moves the ranked run in play out of the session, if there is one.
  std::optional<parked_run> park_ranked_run();

  session_core& core_;
  run_starter& starter_;
  std::unique_ptr<competitor_record>
      competitor_;          // a hello with a valid token (heap: idle bytes count)
  std::string token_hash_;  // of the token being looked up
  std::uint32_t bad_tokens_ = 0;
  std::uint64_t seat_key_ = 0;           // this connection, in competitor_seats
  bool replaced_ = false;                // the seat went to another connection
  bool hand_over_when_started_ = false;  // replaced while a ranked start was set up
  bool token_withdrawn_ = false;
  bool moved_away_ = false;  // its competitor said hello on another server
};

}  // namespace ariadne
