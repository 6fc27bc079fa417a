#include "server/ranked/handed_runs.hpp"

#include <gtest/gtest.h>

#include <chrono>

#include "core/play/drone_game.hpp"
#include "server/competition/competition_hub.hpp"
#include "tests/ranked/ranked_start.hpp"
#include "tests/support/run_world.hpp"
#include "tests/support/temp_dir.hpp"

namespace ariadne {
namespace {

// A ranked run played here for some moves, then set up again from its
// record and moves alone, as a server it was handed to does.
class handed_runs_test : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
    world_ = std::make_unique<testing::ranked_world>(
        std::chrono::seconds(30),
        R"({"name": "c", "closes_at": ")" + format_time(now + std::chrono::hours(1)) +
            R"(", "challenges": [{"id": "x", "maze": {"generator": "wilson", "width": 16,
            "height": 16, "loops": 0.3}, "treasures": 2, "reuse_walls_removed": 4,
            "attempts": 3}]})");
  }

  std::unique_ptr<testing::ranked_world> world_;
};

TEST_F(handed_runs_test, a_run_set_up_again_from_its_moves_stands_where_it_stood) {
  testing::ranked_start started = testing::start_ranked(*world_);
  drone_game& game = started.game;
  const std::shared_ptr<run_feed>& feed = started.feed;
  const std::uint64_t id = started.record.run;
  // A wall-hugging walk: moves and bumps, perhaps a treasure (of two).
  const direction order[] = {direction::north, direction::east, direction::south, direction::west};
  for (int i = 0; i < 120 && game.in_run(); ++i) {
    game.play({run_command::kind::move, order[(i * 7 / 3) % 4], {}}, drone_game::clock::now());
  }
  ASSERT_TRUE(game.in_run());
  const run& played = *game.current();
  ASSERT_GT(played.steps(), 10U);
  ASSERT_GT(played.bumps(), 0U);
  ranked_run_record handed = started.record;
  feed->moves().copy(0, feed->moves().size(), handed.moves);
  world_->runs.close(id);
  // Its number is free again here (the other server's feed is gone).
  handed.started_at_ms = unix_ms(std::chrono::system_clock::now() - std::chrono::seconds(5));
  std::string error;
  auto rebuilt = rebuild_handed_run(world_->host, *world_->hub, handed, error);
  ASSERT_TRUE(rebuilt) << error;
  const run& again = *rebuilt->game.current();
  EXPECT_TRUE(again.active());
  EXPECT_EQ(again.id(), id);
  EXPECT_EQ(again.position(), played.position());
  EXPECT_EQ(again.steps(), played.steps());
  EXPECT_EQ(again.bumps(), played.bumps());
  EXPECT_EQ(again.found(), played.found());
  EXPECT_EQ(again.treasure(), played.treasure());
  EXPECT_EQ(again.open_mask(), played.open_mask());
  EXPECT_EQ(rebuilt->feed->moves().size(), handed.moves.size());
  EXPECT_TRUE(rebuilt->record.moves.empty());
  // Its clock counts from its first start.
  ASSERT_TRUE(again.deadline().has_value());
  ASSERT_TRUE(played.deadline().has_value());
  EXPECT_LT(*again.deadline(), *played.deadline());
}

TEST_F(handed_runs_test, moves_that_do_not_play_again_are_refused) {
  testing::ranked_start started = testing::start_ranked(*world_);
  started.game.leave();
  world_->runs.close(started.record.run);
  std::string error;
  ranked_run_record handed = started.record;
  handed.moves = "NEX";
  EXPECT_FALSE(rebuild_handed_run(world_->host, *world_->hub, handed, error));
  EXPECT_NE(error.find("do not play again"), std::string::npos) << error;
  EXPECT_EQ(world_->budgets.runs_in_play(), 0U);  // nothing held
  handed.challenge = "gone";
  EXPECT_FALSE(rebuild_handed_run(world_->host, *world_->hub, handed, error));
  EXPECT_NE(error.find("no longer"), std::string::npos) << error;
}

}  // namespace
}  // namespace ariadne
