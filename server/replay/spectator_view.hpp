#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game/maze_catalog.hpp"
#include "core/play/replayer.hpp"
#include "server/live/run_feed.hpp"

namespace ariadne {

// One spectator's view of a run: it plays the run's moves again from the
// feed's move log (core/play's replayer) and turns them into the spectator
// stream's messages: a snapshot of what the drone has sensed, batches of
// steps, and the end. It never reads the live run, so it never slows it, and
// it can start from any seq: a spectator that lost its connection resumes
// exactly where it was. Shows only what the drone sensed, and what its bot
// painted; the end names the run's replay (with the maze and the treasures)
// only when may_reveal says so.
class spectator_view {
 public:
  enum class pumped {
    idle,      // nothing new
    sent,      // messages were appended
    ended,     // the end was appended: the stream is over
    bad_from,  // the resume point is not one this run's stream ever sent
    broken     // the run's moves do not play on the rules: a bug, logged
  };

  // from: 0 for a snapshot first; else the last seq the spectator received.
  // may_reveal is asked once, at the end. Nullopt, with error set, when the
  // run has not started or its maze cannot be built again.
  static std::unique_ptr<spectator_view> create(std::shared_ptr<run_feed> feed,
                                                const maze_catalog& catalog, std::uint64_t from,
                                                std::function<bool()> may_reveal,
                                                std::string& error);

  // Appends the messages for what the run did since the last call: the
  // first call plays everything so far (the snapshot, or what a resuming
  // spectator missed), later ones at most max_letters move attempts.
  pumped pump(std::vector<std::string>& messages, std::size_t max_letters);

  // The most painted cells one paint message carries: what a spectator's
  // stream may hold for paint beyond its moves.
  static constexpr std::size_t paint_cells_per_message = 512;

  std::uint64_t seq() const { return counter_->seq; }
  // The run's moves played again so far.
  std::uint64_t moves_played() const { return applied_; }

 private:
  struct counter : run_observer {
    std::uint64_t seq = 0;
    void on_event(const run&, const run_event&) override { ++seq; }
  };

  spectator_view() = default;
  // Plays one letter; records it in the batch once past the resume point.
  void play(char letter);
  void sense();

  std::shared_ptr<run_feed> feed_;
  std::function<bool()> may_reveal_;
  replay_setup setup_;
  std::unique_ptr<counter> counter_;
  std::optional<replayer> replayer_;
  std::uint64_t from_ = 0;
  std::uint64_t applied_ = 0;  // letters played
  bool started_ = false;       // the first pump has run
  bool collecting_ = false;    // past the resume point: letters go into the batch
  bool broken_ = false;
  std::string sensed_;  // the snapshot's fog
  std::string batch_trail_;
  std::string batch_open_;
  std::vector<std::uint64_t> batch_finds_;
  std::string letters_;     // reused
  std::size_t paints_ = 0;  // the feed's paints sent
  std::vector<paint_event> paint_batch_;
};

}  // namespace ariadne
