#include "server/ranked/ranked_play.hpp"

#include <gtest/gtest.h>

#include "core/maze/micromouse_text.hpp"
#include "core/model/utc_time.hpp"
#include "server/store/sqlite_store.hpp"
#include "tests/ranked/ranked_start.hpp"
#include "tests/support/run_world.hpp"

namespace ariadne {
namespace {

using std::chrono::hours;

maze_catalog cup_and_open() {
  maze_catalog catalog;
  catalog.add("cup", read_micromouse_text("o---o---o\n| S   G |\no---o---o\n"));
  catalog.add("open", read_micromouse_text("o---o---o\n| S   G |\no---o---o\n"));
  return catalog;
}

std::string closing_in(hours from_now, bool practice) {
  const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
  return R"({"name": "c", "practice": )" + std::string(practice ? "true" : "false") +
         R"(, "closes_at": ")" + format_time(now + from_now) +
         R"(", "challenges": [{"id": "x", "maze": {"name": "cup"}}]})";
}

run_request named(const std::string& name) {
  run_request r;
  r.maze.name = name;
  return r;
}

TEST(ranked_play, practice_is_refused_on_a_challenges_maze_until_the_close) {
  testing::ranked_world world(std::chrono::seconds(30), closing_in(hours(1), true), cup_and_open());
  const auto now = std::chrono::system_clock::now();
  EXPECT_EQ(world.play->practice_refusal(named("cup"), now)->code, errc::unknown_maze);
  EXPECT_FALSE(world.play->practice_refusal(named("open"), now));
  EXPECT_FALSE(world.play->practice_refusal(named("cup"), now + hours(2)));
}

TEST(ranked_play, a_competition_without_practice_refuses_every_practice_start) {
  testing::ranked_world world(std::chrono::seconds(30), closing_in(hours(1), false),
                              cup_and_open());
  EXPECT_EQ(world.play->practice_refusal(named("open"), std::chrono::system_clock::now())->code,
            errc::unauthorized);
}

TEST(ranked_play, a_competitors_name_needs_its_token) {
  testing::ranked_world world;
  world.hub->refresh_leaderboard_now();
  EXPECT_FALSE(world.play->name_refusal("alice"));
  {
    sqlite_store store(world.dir.file("db"));
    ASSERT_TRUE(store.add_competitor("Alice", "hash", 1));
  }
  world.hub->refresh_leaderboard_now();  // the competitor list, read again
  EXPECT_EQ(world.play->name_refusal("alice")->code, errc::bad_request);
  EXPECT_FALSE(world.play->name_refusal("bob"));
}

TEST(ranked_play, a_stop_gives_the_parked_runs_back_and_is_told) {
  testing::ranked_world world;
  // alice's connection dropped with her run in play: parked for her.
  testing::ranked_start started = testing::start_ranked(world);
  competitor_seats& seats = world.play->seats();
  seats.claim(
      1, 7, [](competitor_seats::let_go_reason) {}, [](std::optional<parked_run>) {});
  seats.leave(1, 7,
              parked_run{std::move(started.game), world.budgets.reserve_run(64, "127.0.0.1"),
                         std::move(started.feed), started.record});
  EXPECT_EQ(seats.parked(), 1U);
  EXPECT_FALSE(world.play->stopping());
  world.play->stop();
  EXPECT_TRUE(world.play->stopping());
  EXPECT_EQ(seats.parked(), 0U);
  EXPECT_EQ(world.budgets.runs_in_play(), 0U);
}

}  // namespace
}  // namespace ariadne
