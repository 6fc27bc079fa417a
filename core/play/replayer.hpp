#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game/maze_source.hpp"
#include "core/game/run.hpp"
#include "core/game/run_options.hpp"
#include "core/maze/maze_layout.hpp"

namespace ariadne {

// What a run was started with: enough to play it again, move for move.
struct replay_setup {
  maze_layout layout{grid(1, 1), std::nullopt, {}};  // the walls, start and goals it started in
  maze_source source;
  std::uint64_t seed = 0;
  run_options options;  // time_limit is ignored: a replay has no clock
};

// What a replay shows beyond the moves: every treasure in the order it was
// hidden, and before each but the first the walls that fell (walls_removed[k]
// fell just before treasures[k + 1] was hidden).
struct replay_trace {
  std::vector<cell> treasures;
  std::vector<std::vector<wall>> walls_removed;
  friend bool operator==(const replay_trace&, const replay_trace&) = default;
};

// A run played again from its setup, on the same rules with the same random
// draws: the same treasures, the same falling walls, the same counters and
// events as the original, move for move. Replays, spectators and audits all
// play through it, so all three agree with the rules.
class replayer {
 public:
  // Nullopt, with error set, when no run can start on the setup.
  static std::optional<replayer> create(const replay_setup& setup, run_observer* observer,
                                        std::string& error);

  // One move attempt; false, changing nothing, once the run has ended.
  bool apply(direction d);
  // Ends a run its moves left active the way the original ended (abandoned,
  // timeout); false when the run has already ended or status is not an end.
  bool finish_as(run_status status);

  const run& state() const { return *run_; }
  const replay_trace& trace() const { return tracer_->trace; }

 private:
  struct tracer : run_observer {
    run_observer* next = nullptr;
    replay_trace trace;
    std::vector<wall> fallen;  // since the last find
    void on_event(const run& r, const run_event& event) override;
  };

  explicit replayer(std::unique_ptr<tracer> t) : tracer_(std::move(t)) {}

  std::unique_ptr<tracer> tracer_;  // on the heap: the run keeps its address
  std::optional<run> run_;
};

// A whole replay played through: how it ended, what it showed, where the
// drone stood, or error (a letter that is not N, E, S or W, a move after the
// run ended, an end status the moves contradict).
struct replay_result {
  run_result result;
  replay_trace trace;
  cell position;
  std::string error;
};
replay_result play_replay(const replay_setup& setup, std::string_view moves, run_status end);

}  // namespace ariadne
