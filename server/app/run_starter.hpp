#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "core/game/run.hpp"
#include "core/model/request_error.hpp"
#include "core/model/run_request.hpp"
#include "server/app/run_slot.hpp"
#include "server/competition/attempt_claims.hpp"
#include "server/live/run_feed.hpp"
#include "server/net/websocket_handler.hpp"
#include "server/store/results_store.hpp"

namespace ariadne {

class server_context;
class session_core;

// Starts a connection's runs: refuses what the host never plays, weighs the
// set-up (setup_cost) and charges it to the address, reserves the run's slot,
// then sets the maze up inline when cheap or on the job pool (the reply then
// comes through message_sink::resume, and the connection reads no further
// frame meanwhile). A ranked attempt that cannot start is given back.
class run_starter {
 public:
  using clock = std::chrono::steady_clock;
  using frame_result = websocket_handler::frame_result;

  explicit run_starter(session_core& core) : core_(core) {}

  run_starter(const run_starter&) = delete;
  run_starter& operator=(const run_starter&) = delete;

  // Answers a start; for a ranked run `ranked` is its attempt.
  frame_result start(const run_request& request, std::optional<ranked_run_record> ranked,
                     std::string_view id, std::string& reply, clock::time_point now);
  // A start is being set up on the job pool, or claimed in the store.
  bool pending() const { return pending_feed_ != nullptr || claiming_ != nullptr; }
  bool ranked_pending() const { return pending_ranked_ != nullptr; }
  // The connection is closing: a start still being set up will find no one
  // (its feed is closed, its attempt given back).
  void cancel();

  // Called once a ranked run has started, or failed to: another connection
  // of the competitor may be waiting for it (competitor_login). True when
  // the run was handed over, and the start is then not answered here.
  std::function<bool()> on_ranked_started;
  // Called when the maze a ranked start was dealt proved taken by another
  // server on the store: deals again (the competitor's runs read back) and
  // answers the start as on_challenge_start does.
  std::function<frame_result(const std::string& challenge, std::string_view id, std::string& reply)>
      on_deal_taken;

 private:
  // A start's maze set up (or why not), and with a reference mark the
  // reference bot's cost on it.
  struct prepared_maze {
    std::variant<run, request_error> setup = request_error{};
    std::uint64_t reference = 0;
  };
  // Sets the maze up, inline or on the job pool: one way for both.
  static prepared_maze prepare(server_context& context, const run_request& request,
                               const std::string* reference_challenge, std::uint64_t run_id,
                               std::uint64_t seed, clock::time_point now, run_feed* feed);
  // Takes a set-up run (or its error) as the answer to a start: true when
  // answered, false when a ranked one waits for its claim first.
  bool finish(prepared_maze prepared, run_slot slot, std::shared_ptr<run_feed> feed,
              std::optional<ranked_run_record> ranked, std::string_view id, std::string& reply,
              clock::time_point now);
  // The run begins: its seat, its timer, its reply.
  void begin(run ready, run_slot slot, std::shared_ptr<run_feed> feed,
             std::optional<ranked_run_record> ranked, std::string_view id, std::string& reply,
             clock::time_point now);
  // A ranked run set up, waiting for its claim (claim_start).
  struct claim_wait {
    run ready;
    run_slot slot;
    std::shared_ptr<run_feed> feed;
    ranked_run_record record;
    std::string id;
  };
  bool on_claimed(attempt_claims::claim result, const ranked_run_record& record,
                  std::string& reply);

  // The attempt being set up, handed on (and cleared).
  std::optional<ranked_run_record> take_pending_ranked();

  session_core& core_;
  run_slot pending_slot_;
  std::shared_ptr<run_feed> pending_feed_;
  std::unique_ptr<ranked_run_record> pending_ranked_;  // heap: most connections start none
  std::unique_ptr<claim_wait> claiming_;
};

}  // namespace ariadne
