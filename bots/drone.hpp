#pragma once

#include <chrono>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "bots/drone_error.hpp"
#include "bots/reply_check.hpp"
#include "core/maze/cell.hpp"
#include "protocol/messages.hpp"

namespace ariadne {

// What a drone knows after its last request: protocol v1's state message.
using drone_state = protocol::state_message;

// A drone in a maze, as a bot sees it: it senses only its own cell and moves
// one cell at a time. Bots are written once against this interface and run
// unchanged in-process (local_drone) or over the network (remote_drone).
// Requests that fail throw drone_error, and so does a reply no honest server
// would send (bots/reply_check.hpp): bots can trust every state they see.
class drone {
 public:
  virtual ~drone() = default;

  // Starts a run (abandoning nothing: a run in play must end first).
  const drone_state& start(const protocol::start_message& request);
  // Starts a ranked run on a competition's challenge (a remote drone that
  // said hello with a competitor's token).
  const drone_state& start_challenge(const std::string& challenge);
  // Takes up a run the server handed this connection at hello (a ranked
  // run taken over: welcome's state), checked as a start reply is but for
  // the moves it has made; the trail starts where the drone stands.
  const drone_state& take_over(drone_state taken);
  const drone_state& sense();
  // One move; true when the drone moved, false for a bump.
  bool move(direction d);
  // Moves one by one, stopping after a bump or a treasure; returns the moves made.
  std::uint32_t path(std::span<const direction> dirs);
  const drone_state& abandon();
  // Marks cells of the run in play for spectators and replays (PROTOCOL.md,
  // "paint"): nothing in the game changes. Returns the cells marked now;
  // throws drone_error for a paint refused.
  virtual std::uint64_t paint(const protocol::paint_message& paint) = 0;

  const drone_state& state() const { return state_; }
  // The size of the current run's maze, from the start reply.
  std::int32_t maze_width() const { return width_; }
  std::int32_t maze_height() const { return height_; }
  cell position() const { return state_.position; }
  bool is_open(direction d) const { return opens(state_.open, d); }
  bool finished() const { return state_.result.has_value(); }

  // What this drone holds the server to (the defaults unless set).
  void set_limits(const drone_limits& limits) { limits_ = limits; }
  const drone_limits& limits() const { return limits_; }

  // Keeps every cell the drone stands on, from the start of each run (for
  // pictures of a bot's path).
  void record_trail(bool on) { recording_ = on; }
  const std::vector<cell>& trail() const { return trail_; }
  // Forgets the trail but the cell the drone stands on, for a reader that
  // has taken the rest in (the trail then grows with the moves since).
  void trim_trail();

 protected:
  // Sends one request and returns the state reply; throws drone_error.
  virtual drone_state exchange(const protocol::client_message& message) = 0;
  // When the run in play must have ended (its time limit, the limits'
  // max_run_time, and a grace), or time_point::max() outside a run; and the
  // sentence for a run past it. A network drone waits for no reply past it.
  std::chrono::steady_clock::time_point run_deadline() const;
  std::string run_overdue() const;

 private:
  const drone_state& begin(drone_state first, const run_request* asked);
  const drone_state& settle(drone_state first, const run_request* asked);
  // Sends a request of the run in play and checks its reply.
  drone_state ask(const protocol::client_message& message);
  const drone_state& accept(drone_state next, bool new_run);

  drone_limits limits_;
  drone_state state_;
  std::int32_t width_ = 0;
  std::int32_t height_ = 0;
  std::uint64_t move_budget_ = 0;
  std::chrono::milliseconds run_time_{};
  std::chrono::steady_clock::time_point deadline_{};
  bool recording_ = false;
  std::vector<cell> trail_;
};

}  // namespace ariadne
