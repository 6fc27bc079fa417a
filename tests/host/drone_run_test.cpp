#include "server/host/drone_run.hpp"

#include <gtest/gtest.h>

#include <variant>

#include "core/maze/micromouse_text.hpp"
#include "tests/support/run_world.hpp"

namespace ariadne {
namespace {

// The 2 x 1 maze "tiny": the treasure one step east of the start.
class drone_run_test : public ::testing::Test {
 protected:
  drone_run_test() : world_(tiny()) {}

  static maze_catalog tiny() {
    maze_catalog catalog;
    catalog.add("tiny", read_micromouse_text("o---o---o\n| S   G |\no---o---o\n"));
    return catalog;
  }

  // A run of "tiny" set up as a start sets it up, with its slot and feed.
  prepared_run prepared() {
    run_request request;
    request.maze.name = "tiny";
    const std::uint64_t id = world_.ids.next_run_id();
    auto feed = world_.runs.open(id, "t", "", "");
    auto setup =
        set_up_run(request, world_.catalog, world_.limits, id, 1, run::clock::now(), feed.get());
    return {std::move(std::get<run>(setup)), world_.budgets.reserve_run(2, "127.0.0.1"),
            std::move(feed)};
  }

  testing::run_world world_;
  drone_run run_{world_.host};
};

TEST_F(drone_run_test, a_run_begins_is_played_and_settled_once) {
  EXPECT_FALSE(run_.settle());  // nothing to settle
  const drone_state started = run_.begin(prepared(), drone_run::clock::now());
  EXPECT_EQ(started.width, 2);
  EXPECT_TRUE(run_.in_run());
  EXPECT_EQ(world_.budgets.runs_in_play(), 1U);
  EXPECT_EQ(world_.counters.runs_started.load(), 1U);
  EXPECT_FALSE(run_.settle());  // in play
  const drone_state found =
      run_.play({run_command::kind::move, direction::east, {}}, drone_run::clock::now());
  ASSERT_TRUE(found.result);
  const auto result = run_.settle();
  ASSERT_TRUE(result);
  EXPECT_EQ(result->status, run_status::found);
  EXPECT_EQ(world_.budgets.runs_in_play(), 0U);  // its slot given back
  EXPECT_EQ(world_.counters.runs_finished(run_status::found), 1U);
  EXPECT_TRUE(world_.runs.live().empty());
  EXPECT_FALSE(run_.settle());  // once
  run_.shed();
  EXPECT_EQ(run_.current(), nullptr);
}

TEST_F(drone_run_test, a_run_in_play_is_released_and_taken_over_with_its_slot) {
  run_.begin(prepared(), drone_run::clock::now());
  std::optional<held_run> held = run_.release();
  ASSERT_TRUE(held);
  EXPECT_FALSE(run_.in_run());
  EXPECT_FALSE(run_.release());
  EXPECT_EQ(world_.budgets.runs_in_play(), 1U);  // the slot goes with the run
  drone_run other(world_.host);
  other.adopt(std::move(*held), drone_run::clock::now());
  EXPECT_TRUE(other.in_run());
  other.leave();
  const auto result = other.settle();
  ASSERT_TRUE(result);
  EXPECT_EQ(result->status, run_status::abandoned);
  EXPECT_EQ(world_.budgets.runs_in_play(), 0U);
}

TEST_F(drone_run_test, paint_marks_cells_of_the_run_in_play_only) {
  protocol::paint_message paint;
  paint.cells.push_back({0, 0, "#ff0000", ""});
  EXPECT_EQ(run_.paint(paint, "127.0.0.1")->code, errc::no_run);
  run_.begin(prepared(), drone_run::clock::now());
  EXPECT_FALSE(run_.paint(paint, "127.0.0.1"));
  EXPECT_EQ(run_.feed()->paint().marks(), 1U);
  paint.cells.push_back({2, 0, "#ff0000", ""});
  EXPECT_EQ(run_.paint(paint, "127.0.0.1")->code, errc::bad_request);  // outside the maze
}

}  // namespace
}  // namespace ariadne
