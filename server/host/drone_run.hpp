#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "core/game/run.hpp"
#include "core/model/drone_state.hpp"
#include "core/model/run_result.hpp"
#include "core/play/drone_game.hpp"
#include "protocol/messages.hpp"
#include "server/host/run_host.hpp"
#include "server/host/run_slot.hpp"
#include "server/live/run_feed.hpp"

namespace ariadne {

// A run set up and ready to begin, with what it holds of the server: its
// place in the budgets and its feed (for the registry, spectators and its
// replay).
struct prepared_run {
  run ready;
  run_slot slot;
  std::shared_ptr<run_feed> feed;
};

// A run in play that no connection holds: between a dropped connection and
// a takeover, or on its way from one connection (or server) to another.
struct held_run {
  drone_game game;  // the run, in play
  run_slot slot;
  std::shared_ptr<run_feed> feed;
};

// The run a drone connection holds: its drone_game (core/play: the same one an
// in-process drone has), its slot in the budgets and its feed, from its
// start until it is settled. Not thread-safe: the connection's strand.
class drone_run {
 public:
  using clock = std::chrono::steady_clock;

  explicit drone_run(run_host& host) : host_(host) {}

  drone_run(const drone_run&) = delete;
  drone_run& operator=(const drone_run&) = delete;

  bool in_run() const { return game_.in_run(); }
  // The latest run, in play or ended and not yet shed; nullptr without one.
  const run* current() const { return game_.current(); }
  run_feed* feed() const { return feed_.get(); }
  bool holds_slot() const { return static_cast<bool>(slot_); }
  run_slot& slot() { return slot_; }
  // When the run was last commanded (its idle limit counts from there).
  clock::time_point last_command() const { return last_command_; }

  std::optional<request_error> refuse_start() const { return game_.refuse_start(); }
  std::optional<request_error> refuse(const run_command& command) const {
    return game_.refuse(command);
  }
  // The run begins (its clock restarted at `now`): its start state.
  drone_state begin(prepared_run prepared, clock::time_point now);
  // Takes a run in play over (a takeover, a run handed from another server).
  void adopt(held_run held, clock::time_point now);
  // Gives up the run in play, to be held elsewhere; nullopt without one.
  std::optional<held_run> release();
  // Plays a command on the run in play; refuse(command) must be nullopt.
  // Only a command to the run counts against the idle limit: garbage does not.
  drone_state play(const run_command& command, clock::time_point now) {
    last_command_ = now;
    return game_.play(command, now);
  }

  // Paints cells of the run in play, kept with it for spectators and its
  // replay (its paint's worst case claimed from the address's memory at
  // its first paint); or why not.
  std::optional<request_error> paint(const protocol::paint_message& paint,
                                     const std::string& address);

  // The run's time limit passed (a timer): ends it as timed out; true if it did.
  bool expire_if_due(clock::time_point now) { return game_.expire_if_due(now); }
  // The run ends as timed out now (an idle limit, the close's grace).
  void time_out() { game_.time_out(); }
  // The connection goes: a run in play ends as abandoned.
  void leave() { game_.leave(); }
  // A run that has ended gives its place in the budgets and the registry
  // back and is counted, once: its result, or nullopt when there is nothing
  // to settle (no run, one in play, or one settled already).
  std::optional<run_result> settle();
  // Lets go of an ended run whose result was seen, maze and all.
  void shed() { game_.shed(); }

 private:
  run_host& host_;
  // The feed first, so that it outlives the run.
  std::shared_ptr<run_feed> feed_;
  drone_game game_;
  run_slot slot_;
  clock::time_point last_command_{};
};

}  // namespace ariadne
