#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "core/model/request_error.hpp"
#include "core/model/run_request.hpp"
#include "core/model/run_result.hpp"
#include "server/host/drone_run.hpp"
#include "server/host/run_host.hpp"
#include "server/net/message_sink.hpp"
#include "server/net/websocket_handler.hpp"

namespace ariadne {

// Sets a connection's runs up: refuses what the host never plays, weighs
// the set-up (setup_cost) and charges it to the address, reserves the run's
// slot and its move log's memory, opens its feed, then sets the maze up
// inline when cheap or on the job pool (costly_work), and hands the run
// ready (or why not) to the start's own completion, on the connection's
// strand. One start at a time. Not thread-safe: the connection's strand.
class run_starter {
 public:
  using clock = std::chrono::steady_clock;
  using frame_result = websocket_handler::frame_result;

  // A run ready, with the reference bot's result on the same maze when the
  // start asked for one.
  struct ready_run {
    prepared_run prepared;
    std::optional<run_result> reference;
  };
  // Takes the start's outcome and appends its reply: true when answered,
  // false when the reply comes later still (a ranked start's claim).
  using completion = std::function<bool(std::variant<ready_run, request_error> outcome,
                                        std::string& reply, clock::time_point now)>;
  // Who a run is shown as, in the registry and to spectators.
  struct label {
    std::string player;
    std::string challenge;  // "" for a practice run
    std::string bot;
  };

  run_starter(run_host& host, const drone_run& run, std::string address)
      : host_(host), run_(run), address_(std::move(address)) {}

  run_starter(const run_starter&) = delete;
  run_starter& operator=(const run_starter&) = delete;

  // The connection's sink: set-ups on the job pool answer through it
  // (without one, a test's session, they run inline).
  void set_sink(std::weak_ptr<message_sink> sink) { sink_ = std::move(sink); }

  // Starts setting `request` up (a run number taken at once: *run_id, for a
  // ranked record). A refusal, or the run ready, goes to `done`: inline
  // (answered or deferred as done says), or later on the strand (deferred).
  // `reference_bot`: a bundled bot that plays the same maze too ("": none).
  frame_result start(const run_request& request, const label& shown, std::string_view reference_bot,
                     std::uint64_t* run_id, std::string& reply, clock::time_point now,
                     completion done);
  // A start is being set up.
  bool pending() const { return pending_ != nullptr; }
  // The connection goes: a start being set up will find no one (its feed
  // closed, its slot given back); its completion is never called.
  void cancel();

 private:
  // What a start holds while its maze is set up on the pool.
  struct pending_start {
    run_slot slot;
    std::shared_ptr<run_feed> feed;
    completion done;
  };
  struct set_up_maze {
    std::variant<run, request_error> setup = request_error{};
    std::optional<run_result> reference;
  };
  static set_up_maze prepare(const run_host& host, const run_request& request,
                             const std::string& reference_bot, std::uint64_t run_id,
                             std::uint64_t seed, clock::time_point now, run_feed* feed);
  // The maze set up (or not): the start's completion, with the run ready.
  static bool finish(set_up_maze maze, run_slot slot, std::shared_ptr<run_feed> feed,
                     const completion& done, run_host& host, std::string& reply,
                     clock::time_point now);

  run_host& host_;
  const drone_run& run_;
  const std::string address_;
  std::weak_ptr<message_sink> sink_;
  std::unique_ptr<pending_start> pending_;  // heap: most connections are idle
};

}  // namespace ariadne
