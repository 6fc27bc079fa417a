#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/live/run_feed.hpp"

namespace ariadne {

// The runs of one server: those in play, and the most recent that ended.
// Sessions open a feed when a run starts and close it when the run ends;
// HTTP handlers and spectators read. The finished runs kept are bounded by
// their number and by what they hold (moves, paint, a replay built), the
// oldest going first, and what they hold is counted (claim) while they are
// kept. Thread-safe; touched once per run start and end, never per move.
class run_registry {
 public:
  // Counts bytes as held until the handle it returns goes; ranked: a ranked
  // run's (what it holds tells its moves: counted apart, never shown).
  using memory_claim = std::function<std::shared_ptr<void>(std::uint64_t bytes, bool ranked)>;

  // keep_finished: the finished runs kept; max_moves: the moves each run
  // keeps; keep_bytes: what the finished runs kept may hold in all.
  explicit run_registry(std::size_t keep_finished = 100,
                        std::uint64_t max_moves = move_log::default_capacity,
                        std::uint64_t keep_bytes = std::numeric_limits<std::uint64_t>::max(),
                        memory_claim claim = {});

  // Random, one per server start: run numbers of a practice server begin
  // again at 1 after a restart, and a spectator resuming run 7 must not be
  // given another run 7.
  std::uint64_t boot() const { return boot_; }

  // A feed for a run about to start, listed among the live runs.
  std::shared_ptr<run_feed> open(std::uint64_t run_id, std::string player,
                                 std::string challenge = {}, std::string bot = {});
  // The run has ended: it moves to the recently finished runs (a run that
  // never started is forgotten).
  void close(std::uint64_t run_id);
  // Keeps a finished run's replay document with it, counted with the run;
  // false (nothing kept) when the run is not among those kept, or when the
  // run with its replay would hold more than all the runs kept may.
  bool keep_replay(const std::shared_ptr<run_feed>& feed, std::shared_ptr<const std::string> text);
  // What the finished runs kept hold.
  std::uint64_t kept_bytes() const;
  // The run goes on on another server (handed over): forgotten here, so no
  // list, page or replay of this server shows it as its own.
  void forget(std::uint64_t run_id);

  // A live or recently finished run, or nullptr.
  std::shared_ptr<run_feed> find(std::uint64_t run_id) const;
  // Live runs in start order, and finished ones, the latest last.
  std::vector<std::shared_ptr<run_feed>> live() const;
  std::vector<std::shared_ptr<run_feed>> finished() const;

 private:
  struct kept_run {
    std::shared_ptr<run_feed> feed;
    std::uint64_t bytes = 0;
    std::shared_ptr<void> claim;
  };
  // Counts the entry at `at` anew (it goes when it alone holds more than
  // the kept runs may); then lets the oldest go past either bound.
  void recount_and_trim(std::deque<kept_run>::iterator at);

  std::size_t keep_finished_;
  std::uint64_t boot_;
  std::uint64_t max_moves_;
  std::uint64_t keep_bytes_;
  memory_claim claim_;
  mutable std::mutex mutex_;  // guards what follows
  std::map<std::uint64_t, std::shared_ptr<run_feed>> live_;
  std::deque<kept_run> finished_;
  std::uint64_t kept_bytes_ = 0;
};

}  // namespace ariadne
