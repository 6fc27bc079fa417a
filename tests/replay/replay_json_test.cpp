#include "protocol/replay_json.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/maze/rng.hpp"
#include "core/maze/walls_code.hpp"
#include "core/play/run_setup.hpp"
#include "server/replay/replay_builder.hpp"

namespace ariadne {
namespace {

// A finished run with three treasures and falling walls, and its replay.
protocol::replay_document finished_replay() {
  run_feed feed(42, "tester");
  run_request request;
  request.maze.generator = "wilson";
  request.maze.width = 10;
  request.maze.height = 6;
  request.maze.seed = 5;
  request.maze.loops = 0.25;
  request.treasures = 3;
  request.reuse_walls_removed = 2;
  request.max_steps = 10'000'000;
  auto setup = set_up_run(request, maze_catalog{}, host_limits{}, 42, 1, run::clock::now(), &feed);
  run& r = std::get<run>(setup);
  rng random(11);
  while (r.active())
    r.move(static_cast<direction>(random.below(4)));
  auto built = build_replay(feed, maze_catalog{});
  EXPECT_TRUE(std::holds_alternative<protocol::replay_document>(built))
      << std::get<std::string>(built);
  return std::get<protocol::replay_document>(built);
}

TEST(replay_json, round_trips) {
  const protocol::replay_document replay = finished_replay();
  EXPECT_EQ(replay.run, 42U);
  EXPECT_EQ(replay.player, "tester");
  EXPECT_EQ(replay.label, "wilson");
  EXPECT_EQ(replay.result.status, run_status::found);
  EXPECT_EQ(replay.moves.size(), replay.result.steps + replay.result.bumps);
  EXPECT_EQ(replay.trace.treasures.size(), 3U);
  EXPECT_EQ(replay.trace.walls_removed.size(), 2U);
  EXPECT_EQ(replay.walls_sha256, walls_digest(replay.setup.layout.walls));

  const std::string text = protocol::write_replay(replay);
  std::string error;
  const auto back = protocol::read_replay(text, error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->run, replay.run);
  EXPECT_EQ(back->label, replay.label);
  EXPECT_EQ(back->started_at, replay.started_at);
  EXPECT_EQ(back->setup.layout, replay.setup.layout);
  EXPECT_EQ(back->setup.source, replay.setup.source);
  EXPECT_EQ(back->setup.seed, replay.setup.seed);
  EXPECT_EQ(back->walls_sha256, replay.walls_sha256);
  EXPECT_EQ(back->max_steps, replay.max_steps);
  EXPECT_EQ(back->moves, replay.moves);
  EXPECT_EQ(back->trace, replay.trace);
  EXPECT_EQ(back->result, replay.result);
  // What was read plays again to the same end.
  const replay_result again = play_replay(back->setup, back->moves, back->result.status);
  EXPECT_EQ(again.error, "");
  run_result expected = replay.result;
  expected.seed = again.result.seed;
  EXPECT_EQ(again.result, expected);
}

TEST(replay_json, refuses_what_is_not_a_replay) {
  const std::string good = protocol::write_replay(finished_replay());
  auto broken = [&](auto&& change) {
    nlohmann::json doc = nlohmann::json::parse(good);
    change(doc);
    std::string error;
    EXPECT_FALSE(protocol::read_replay(doc.dump(), error));
    return error;
  };
  std::string error;
  EXPECT_FALSE(protocol::read_replay("[1, 2]", error));
  EXPECT_FALSE(protocol::read_replay("not json", error));
  EXPECT_EQ(broken([](auto& d) { d["format"] = "ariadne-maze"; }),
            "\"format\" must be \"ariadne-replay\"");
  EXPECT_EQ(broken([](auto& d) { d["version"] = 2; }),
            "only version 1 of the replay format is known");
  EXPECT_EQ(broken([](auto& d) { d.erase("moves"); }), "\"moves\" is missing");
  EXPECT_EQ(broken([](auto& d) { d["run"] = -1; }), "\"run\" is out of range");
  EXPECT_EQ(broken([](auto& d) { d["treasures"][0]["x"] = 99; }),
            "a treasure (99, 2) is outside the maze");
  EXPECT_EQ(broken([](auto& d) { d["walls_removed"][0][0]["side"] = "Q"; }),
            "a wall's \"side\" must be N, E, S or W");
  EXPECT_NE(broken([](auto& d) { d["maze"]["walls"] = "0"; }).find("\"maze\""), std::string::npos);
  EXPECT_EQ(broken([](auto& d) { d["source"]["width"] = 11; }),
            "the source's size is not the maze's");
  EXPECT_NE(broken([](auto& d) { d["result"]["status"] = "won"; }).find("\"result\""),
            std::string::npos);
}

}  // namespace
}  // namespace ariadne
