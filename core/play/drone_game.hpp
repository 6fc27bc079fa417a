#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <variant>

#include "core/game/maze_catalog.hpp"
#include "core/game/run.hpp"
#include "core/model/drone_state.hpp"
#include "core/model/request_error.hpp"
#include "core/model/run_command.hpp"
#include "core/model/run_request.hpp"
#include "core/play/run_setup.hpp"

namespace ariadne {

// One drone's game: its current run, started from a checked
// request, and every command to it. A server session and the SDK's
// in-process drone each hold one, so the same messages get the same replies,
// errors and their wording included. Not thread-safe.
class drone_game {
 public:
  using clock = run::clock;

  // True while a run is in play.
  bool in_run() const { return run_ != nullptr && run_->active(); }
  // The latest run, in play or ended; nullptr before the first start.
  const run* current() const { return run_.get(); }

  // Why a start cannot be taken now (a run is in play), or nullopt: asked
  // before the host reserves anything for the new run.
  std::optional<request_error> refuse_start() const;
  // Starts a run (see set_up_run) and returns the start reply.
  std::variant<drone_state, request_error> start(const run_request& request,
                                                 const maze_catalog& catalog,
                                                 const host_limits& host, std::uint64_t run_id,
                                                 std::uint64_t seed_if_absent,
                                                 clock::time_point now,
                                                 run_observer* observer = nullptr);
  // Takes a run set up elsewhere (a host may set big runs up off its I/O
  // threads) and returns the start reply. refuse_start() must be nullopt.
  drone_state begin(run r);

  // Why command cannot be played now (a path too long, or no run in play),
  // or nullopt. A run that ended on its own (time out) is answered once more,
  // with its result.
  std::optional<request_error> refuse(const run_command& command) const;
  // Plays a command on the run in play; refuse(command) must be nullopt.
  drone_state play(const run_command& command, clock::time_point now);

  // Ends the run in play as timed out when its time limit has passed (a
  // host's timer); true if it did. Its result goes with the next reply.
  bool expire_if_due(clock::time_point now);
  // Ends the run in play as timed out now (a host's idle limit).
  void time_out();
  // Ends the run in play, if any, as abandoned (a connection that closes).
  void leave();
  // Lets go of an ended run whose result has been seen, maze and all, so a
  // game between runs holds nothing; current() is then nullptr.
  void shed();

 private:
  // On the heap: a connection between runs (most idle ones) holds a pointer,
  // not a run's worth of bytes.
  std::unique_ptr<run> run_;
  bool had_run_ = false;
  // The run ended without a command of the player's: its result is still due.
  bool end_unseen_ = false;
};

}  // namespace ariadne
