#include "core/play/replayer.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/maze/maze_spec.hpp"
#include "core/maze/rng.hpp"
#include "core/play/run_setup.hpp"

namespace ariadne {
namespace {

// Records what a live run reports: its setup, its moves as letters, and the
// events a replay must reproduce.
struct recorder : run_observer {
  std::string moves;
  std::vector<run_event_kind> kinds;
  void on_event(const run&, const run_event& event) override {
    kinds.push_back(event.kind);
    if (event.kind == run_event_kind::moved || event.kind == run_event_kind::bumped) {
      moves += to_char(event.dir);
    }
  }
};

run_request request_for(std::uint32_t treasures, std::uint32_t reuse) {
  run_request request;
  request.maze.generator = "hunt_and_kill";
  request.maze.width = 12;
  request.maze.height = 9;
  request.maze.seed = 77;
  request.maze.loops = 0.2;
  request.treasures = treasures;
  request.reuse_walls_removed = reuse;
  request.max_steps = 10'000'000;  // random walks find every treasure long before
  return request;
}

replay_setup setup_of(const run& r) {
  return replay_setup{maze_layout{generate(r.source().spec), std::nullopt, {}}, r.source(),
                      r.seed(), r.options()};
}

// Plays random moves, bumps included, until the run ends or `moves` are made.
void play_randomly(run& r, std::uint64_t seed, int moves) {
  rng random(seed);
  for (int i = 0; i < moves && r.active(); ++i) {
    r.move(static_cast<direction>(random.below(4)));
  }
}

TEST(replayer, replays_a_run_exactly) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    recorder live;
    auto setup = set_up_run(request_for(3, 4), maze_catalog{}, host_limits{}, 1, 1,
                            run::clock::now(), &live);
    run& r = std::get<run>(setup);
    play_randomly(r, seed, 4000);
    if (r.active()) r.abandon();
    const replay_result out = play_replay(setup_of(r), live.moves, r.status());
    ASSERT_EQ(out.error, "") << "seed " << seed;
    EXPECT_EQ(out.result, r.result()) << "seed " << seed;
    EXPECT_EQ(out.position, r.position());
    EXPECT_EQ(out.trace.treasures.size(), std::min<std::uint32_t>(r.found() + 1, 3));
    EXPECT_EQ(out.trace.walls_removed.size(), out.trace.treasures.size() - 1);
    for (const auto& walls : out.trace.walls_removed)
      EXPECT_EQ(walls.size(), 4U);
  }
}

TEST(replayer, reports_every_event_in_order) {
  recorder live;
  auto setup =
      set_up_run(request_for(2, 3), maze_catalog{}, host_limits{}, 1, 1, run::clock::now(), &live);
  run& r = std::get<run>(setup);
  play_randomly(r, 9, 3000);
  recorder again;
  std::string error;
  auto replay = replayer::create(setup_of(r), &again, error);
  ASSERT_TRUE(replay) << error;
  for (const char letter : live.moves)
    EXPECT_TRUE(replay->apply(*direction_from_letter(letter)));
  EXPECT_EQ(again.kinds, live.kinds);
  EXPECT_EQ(again.moves, live.moves);
}

TEST(replayer, refuses_what_the_run_could_not_have_done) {
  recorder live;
  auto setup =
      set_up_run(request_for(1, 0), maze_catalog{}, host_limits{}, 1, 1, run::clock::now(), &live);
  run& r = std::get<run>(setup);
  play_randomly(r, 3, 100000);
  ASSERT_EQ(r.status(), run_status::found);
  const replay_setup s = setup_of(r);
  EXPECT_EQ(play_replay(s, live.moves, run_status::found).error, "");
  EXPECT_NE(play_replay(s, live.moves + "N", run_status::found).error.find("after the run ended"),
            std::string::npos);
  EXPECT_NE(play_replay(s, "NEX", run_status::found).error.find("move 3"), std::string::npos);
  EXPECT_NE(play_replay(s, live.moves, run_status::abandoned).error.find("not abandoned"),
            std::string::npos);
  // Moves that leave the run in play end as the recorded end says, if it can.
  const std::string some = live.moves.substr(0, live.moves.size() - 1);
  EXPECT_EQ(play_replay(s, some, run_status::abandoned).result.status, run_status::abandoned);
  EXPECT_EQ(play_replay(s, some, run_status::timeout).result.status, run_status::timeout);
  EXPECT_NE(play_replay(s, some, run_status::found).error, "");
}

}  // namespace
}  // namespace ariadne
