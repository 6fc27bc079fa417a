#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/game/run_event.hpp"
#include "core/model/run_result.hpp"
#include "core/model/run_status.hpp"
#include "server/live/move_log.hpp"
#include "server/live/paint_log.hpp"
#include "server/live/run_start.hpp"
#include "server/live/run_subscription.hpp"

namespace ariadne {

// A run's counters and state as readers of the registry see them.
struct run_summary {
  std::shared_ptr<const run_start> start;  // null until the run has started
  std::uint64_t steps = 0;
  std::uint64_t bumps = 0;
  std::uint32_t found = 0;
  run_status status = run_status::active;
  std::optional<run_result> result;  // once ended
  // once ended: when, on the clock of start->started_at
  std::optional<std::chrono::system_clock::time_point> ended_at;
};

// The observer the server attaches to every run: it keeps the counters that
// the registry shows and fans each event out to any number of listeners, each
// through its own bounded queue (run_subscription). Listeners come and go
// while the run plays. The run never waits for a listener: with none, an event
// costs a few atomic stores and loads; with some, one short lock (shared only
// with subscribe and unsubscribe) and a copy into each queue, and a listener
// whose queue is full is dropped and told so.
class run_feed : public run_observer {
 public:
  static constexpr std::size_t default_queue = 4096;

  // challenge: the challenge of a ranked run (whose maze and seed are secret
  // until the competition closes), empty for practice.
  // max_moves: the moves kept for its replay and spectators (move_log).
  // boot: the server's (run_registry::boot), which tells a run from one
  // numbered the same before a restart.
  // bot: what its client called itself in hello ("" for nothing).
  run_feed(std::uint64_t run_id, std::string player, std::string challenge = {},
           std::uint64_t max_moves = move_log::default_capacity, std::uint64_t boot = 0,
           std::string bot = {});

  std::uint64_t run_id() const { return run_id_; }
  std::uint64_t boot() const { return boot_; }
  const std::string& player() const { return player_; }
  const std::string& bot() const { return bot_; }
  const std::string& challenge() const { return challenge_; }
  bool ranked() const { return !challenge_.empty(); }
  // Every move attempt so far, in order: with the run_start, the whole game.
  const move_log& moves() const { return moves_; }
  // What its bot painted (never part of the game).
  paint_log& paint() { return paint_; }
  const paint_log& paint() const { return paint_; }

  // A new listener, receiving every event from the next one on (seq tells
  // where it joined). After the run has finished, the subscription comes
  // back closed.
  std::shared_ptr<run_subscription> subscribe(std::size_t queue_capacity = default_queue,
                                              std::function<void()> wake = {});
  // After this returns, the subscription's wake is never called again.
  void unsubscribe(const std::shared_ptr<run_subscription>& subscription);
  std::size_t listeners() const { return listeners_.load(std::memory_order_acquire); }

  run_summary summary() const;

  // Spectators watching: add_spectator is false, adding none, at the limit.
  bool add_spectator(std::size_t limit);
  void remove_spectator() { spectators_.fetch_sub(1, std::memory_order_relaxed); }
  std::size_t spectators() const { return spectators_.load(std::memory_order_relaxed); }

  // The finished run's replay document, once built: built at most once.
  std::shared_ptr<const std::string> replay() const;
  void keep_replay(std::shared_ptr<const std::string> text);
  // What the run holds on the heap: its moves, its paint, its replay.
  std::uint64_t held_bytes() const;
  // The seq of the last event reported.
  std::uint64_t seq() const { return seq_.load(std::memory_order_seq_cst); }

  void on_event(const run& r, const run_event& event) override;

 private:
  std::uint64_t run_id_;
  std::uint64_t boot_;
  std::string player_;
  std::string bot_;
  std::string challenge_;
  move_log moves_;
  paint_log paint_;
  std::atomic<std::uint64_t> seq_{0};
  std::atomic<std::uint64_t> steps_{0};
  std::atomic<std::uint64_t> bumps_{0};
  std::atomic<std::uint32_t> found_{0};
  std::atomic<run_status> status_{run_status::active};
  std::atomic<std::size_t> listeners_{0};
  std::atomic<std::size_t> spectators_{0};

  mutable std::mutex mutex_;  // guards what follows
  std::shared_ptr<const run_start> start_;
  std::optional<run_result> result_;
  std::optional<std::chrono::system_clock::time_point> ended_at_;
  bool finished_ = false;
  std::shared_ptr<const std::string> replay_;
  std::vector<std::shared_ptr<run_subscription>> subscriptions_;

  // Touched by the run's thread only: listeners to wake once the lock is
  // released (capacity reused, so waking allocates nothing).
  std::vector<std::shared_ptr<run_subscription>> waking_;
};

}  // namespace ariadne
