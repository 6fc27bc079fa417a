#include "bots/bot.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "bots/local_drone.hpp"
#include "core/maze/generators.hpp"

namespace ariadne {
namespace {

protocol::start_message request(std::string_view generator, std::int32_t w, std::int32_t h,
                                std::uint64_t seed, double loops = 0.0) {
  protocol::start_message start;
  start.maze.generator = std::string(generator);
  start.maze.width = w;
  start.maze.height = h;
  start.maze.seed = seed;
  if (loops > 0) start.maze.loops = loops;
  return start;
}

run_result play(std::string_view bot_name, local_drone& d, const protocol::start_message& start) {
  auto player = make_bot(bot_name);
  d.start(start);
  player->play(d);
  EXPECT_TRUE(d.finished()) << bot_name << " returned before the run ended";
  return d.state().result.value_or(run_result{});
}

TEST(bots, every_bot_on_every_generator) {
  const std::pair<std::int32_t, std::int32_t> sizes[] = {{2, 1}, {1, 5}, {3, 3}, {9, 6}, {24, 24}};
  for (const auto& bot_info : all_bots()) {
    for (const auto& gen : all_generators()) {
      for (const auto& [w, h] : sizes) {
        for (const double loops : {0.0, 0.5}) {
          for (std::uint64_t seed = 1; seed <= 3; ++seed) {
            local_drone d;
            const auto result = play(bot_info.name, d, request(gen.name, w, h, seed, loops));
            const std::string where = std::string(bot_info.name) + " on " + std::string(gen.name) +
                                      " " + std::to_string(w) + "x" + std::to_string(h) + " seed " +
                                      std::to_string(seed) + " loops " + std::to_string(loops);
            if (bot_info.always_finds) {
              ASSERT_EQ(result.status, run_status::found) << where;
              // No bump: bots only go through sides they sensed open.
              ASSERT_EQ(result.bumps, 0U) << where;
            } else if (bot_info.name == "wall_follower") {
              ASSERT_TRUE(result.status == run_status::found ||
                          result.status == run_status::abandoned)
                  << where;
              // It never runs to max_steps: it notices circling.
              ASSERT_LT(result.steps, 4U * static_cast<std::uint64_t>(w * h) + 4U) << where;
            } else {
              ASSERT_TRUE(result.status == run_status::found ||
                          result.status == run_status::exhausted)
                  << where;
            }
          }
        }
      }
    }
  }
}

TEST(bots, dfs_and_tremaux_stay_within_twice_the_passages_on_perfect_mazes) {
  for (const char* name : {"dfs", "tremaux"}) {
    for (const auto& gen : all_generators()) {
      for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        local_drone d;
        const auto result = play(name, d, request(gen.name, 20, 15, seed));
        EXPECT_LE(result.steps, 2U * (20U * 15U - 1U)) << name << " " << gen.name << " " << seed;
      }
    }
  }
}

TEST(bots, tremaux_never_walks_a_passage_more_than_twice_even_with_loops) {
  for (const double loops : {0.0, 0.3, 1.0}) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      local_drone d;
      d.record_trail(true);
      play("tremaux", d, request("recursive_backtracker", 16, 16, seed, loops));
      std::map<std::pair<cell, cell>, int> walked;
      const auto& trail = d.trail();
      for (std::size_t i = 1; i < trail.size(); ++i) {
        const auto key = std::minmax(trail[i - 1], trail[i]);
        ASSERT_LE(++walked[key], 2) << "seed " << seed << " loops " << loops;
      }
    }
  }
}

TEST(bots, several_treasures_with_falling_walls_are_all_found) {
  for (const auto& info : all_bots()) {
    if (!info.always_finds) continue;
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      auto start = request("kruskal", 16, 16, seed);
      start.treasures = 4;
      start.reuse_walls_removed = 20;
      local_drone d;
      const auto result = play(info.name, d, start);
      EXPECT_EQ(result.status, run_status::found) << info.name << " seed " << seed;
      EXPECT_EQ(result.found, 4U);
    }
  }
}

double median_steps(std::string_view bot, double loops) {
  std::vector<double> steps;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    local_drone d;
    steps.push_back(static_cast<double>(
        play(bot, d, request("recursive_backtracker", 32, 32, seed, loops)).steps));
  }
  std::sort(steps.begin(), steps.end());
  return (steps[99] + steps[100]) / 2;
}

TEST(bots, frontier_beats_tremaux_where_there_are_loops) {
  // The targets of the bots issue, over 200 seeds of 32 x 32 recursive
  // backtracker mazes.
  const double tremaux_full = median_steps("tremaux", 1.0);
  const double frontier_full = median_steps("frontier", 1.0);
  EXPECT_LE(frontier_full, 0.8 * tremaux_full) << frontier_full << " vs " << tremaux_full;
  EXPECT_LT(median_steps("frontier", 0.3), median_steps("tremaux", 0.3));
  EXPECT_LE(median_steps("frontier", 0.0), 1.05 * median_steps("tremaux", 0.0));
}

TEST(bots, wall_follower_gives_up_on_an_island) {
  // An open 5 x 5 room whose treasure sits in the centre cell, walled on three
  // sides: those walls touch nothing else, so a hand on the outer wall goes
  // round the room forever. The follower must notice and abandon; Tremaux
  // finds it.
  maze_catalog catalog;
  maze_layout room{grid(5, 5), cell{0, 0}, {cell{2, 2}}};
  room.walls.open_all();
  for (const direction d : {direction::east, direction::south, direction::west}) {
    room.walls.set_open(cell{2, 2}, d, false);
  }
  catalog.add("island", room);
  protocol::start_message start;
  start.maze.name = "island";
  local_drone follower({}, &catalog);
  const auto given_up = play("wall_follower", follower, start);
  EXPECT_EQ(given_up.status, run_status::abandoned);
  // Once round the room, and one step more to see a state it has been in.
  EXPECT_EQ(given_up.steps, 17U);
  local_drone marker({}, &catalog);
  EXPECT_EQ(play("tremaux", marker, start).status, run_status::found);
}

}  // namespace
}  // namespace ariadne
