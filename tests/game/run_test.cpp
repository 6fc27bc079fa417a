#include "core/game/run.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "core/maze/generators.hpp"
#include "core/maze/solver.hpp"

namespace ariadne {
namespace {

using clock_type = run::clock;

// A 4 x 1 corridor: start at (0, 0), the only goal at (3, 0).
maze_layout corridor() {
  maze_layout m{grid(4, 1), cell{0, 0}, {cell{3, 0}}};
  for (std::int32_t x = 0; x < 3; ++x)
    m.walls.set_open(cell{x, 0}, direction::east, true);
  return m;
}

run make(maze_layout layout, std::uint64_t seed = 1, run_options options = {},
         run_observer* observer = nullptr, clock_type::time_point now = {}) {
  std::string error;
  auto r = run::create(7, std::move(layout), maze_source{"corridor", {}}, seed, options, now,
                       observer, error);
  EXPECT_TRUE(r.has_value()) << error;
  return std::move(*r);
}

TEST(run, senses_only_its_own_cell) {
  run r = make(corridor());
  EXPECT_EQ(r.position(), (cell{0, 0}));
  EXPECT_EQ(r.open_mask(), 1U << static_cast<unsigned>(direction::east));
  EXPECT_FALSE(r.treasure_here());
  EXPECT_TRUE(r.active());
  EXPECT_EQ(r.treasure(), (cell{3, 0}));
}

TEST(run, counts_steps_and_bumps) {
  run r = make(corridor());
  EXPECT_FALSE(r.move(direction::north).moved);
  EXPECT_FALSE(r.move(direction::west).moved);
  EXPECT_TRUE(r.move(direction::east).moved);
  EXPECT_EQ(r.position(), (cell{1, 0}));
  EXPECT_EQ(r.steps(), 1U);
  EXPECT_EQ(r.bumps(), 2U);
  EXPECT_TRUE(r.move(direction::west).moved);  // walking back costs a step too
  EXPECT_EQ(r.steps(), 2U);
}

TEST(run, finds_the_treasure_and_scores) {
  run_options options;
  options.bump_penalty = 3;
  run r = make(corridor(), 1, options);
  r.move(direction::north);
  r.move(direction::east);
  r.move(direction::east);
  const auto last = r.move(direction::east);
  EXPECT_TRUE(last.found);
  EXPECT_TRUE(r.treasure_here());
  EXPECT_EQ(r.status(), run_status::found);
  const run_result result = r.result();
  EXPECT_EQ(result.steps, 3U);
  EXPECT_EQ(result.bumps, 1U);
  EXPECT_EQ(result.score, 6U);
  EXPECT_EQ(result.optimal, 3U);
  EXPECT_DOUBLE_EQ(result.efficiency, 0.5);
  EXPECT_EQ(result.found, 1U);
  // A finished run ignores further moves.
  EXPECT_FALSE(r.move(direction::west).moved);
  EXPECT_EQ(r.result().steps, 3U);
}

TEST(run, max_steps_counts_bumps_and_ends_as_exhausted) {
  run_options options;
  options.max_steps = 3;
  run r = make(corridor(), 1, options);
  r.move(direction::north);
  r.move(direction::east);
  EXPECT_TRUE(r.active());
  r.move(direction::west);
  EXPECT_EQ(r.status(), run_status::exhausted);
  EXPECT_EQ(r.result().efficiency, 0.0);
  EXPECT_EQ(r.result().optimal, 3U);
}

TEST(run, default_max_steps_is_ten_per_cell) {
  EXPECT_EQ(make(corridor()).max_steps(), 40U);
}

TEST(run, path_stops_at_the_first_bump_and_counts_like_single_moves) {
  rng maker(3);
  const grid g = generators::recursive_backtracker(12, 12, maker);
  const std::vector<direction> dirs = {direction::north, direction::east, direction::east,
                                       direction::north, direction::west, direction::south};
  run batched = make(maze_layout{g, std::nullopt, {}}, 5);
  run single = make(maze_layout{g, std::nullopt, {}}, 5);
  const std::uint32_t done = batched.follow(dirs);
  std::uint32_t expected = 0;
  for (const direction d : dirs) {
    const auto outcome = single.move(d);
    ++expected;
    if (!outcome.moved || outcome.found) break;
  }
  EXPECT_EQ(done, expected);
  EXPECT_EQ(batched.position(), single.position());
  EXPECT_EQ(batched.steps(), single.steps());
  EXPECT_EQ(batched.bumps(), single.bumps());
  EXPECT_GE(batched.bumps(), 0U);
}

TEST(run, path_stops_at_the_treasure) {
  run r = make(corridor());
  const std::vector<direction> dirs(10, direction::east);
  EXPECT_EQ(r.follow(dirs), 3U);
  EXPECT_EQ(r.status(), run_status::found);
  EXPECT_EQ(r.bumps(), 0U);
}

TEST(run, several_treasures_knock_walls_down_and_sum_optimal) {
  rng maker(11);
  const grid g = generators::kruskal(10, 10, maker);
  run_options options;
  options.treasures = 3;
  options.reuse_walls_removed = 4;
  run r = make(maze_layout{g, std::nullopt, {}}, 9, options);
  std::uint64_t optimal = 0;
  std::uint64_t passages = r.maze().passage_count();
  for (std::uint32_t k = 0; k < 3; ++k) {
    // Walk the true shortest path, as an omniscient drone would.
    const auto route = shortest_path(r.maze(), r.position(), r.treasure());
    ASSERT_TRUE(route);
    optimal += route->size();
    EXPECT_EQ(r.follow(*route), route->size());
    EXPECT_EQ(r.found(), k + 1);
    if (k < 2) {
      EXPECT_TRUE(r.active());
      EXPECT_EQ(r.maze().passage_count(), passages + 4);
      EXPECT_NE(r.treasure(), r.position());
      passages = r.maze().passage_count();
    }
  }
  EXPECT_EQ(r.status(), run_status::found);
  EXPECT_EQ(r.result().optimal, optimal);
  EXPECT_EQ(r.result().score, optimal);
  EXPECT_DOUBLE_EQ(r.result().efficiency, 1.0);
}

TEST(run, abandon_and_timeout_end_the_run) {
  run a = make(corridor());
  a.abandon();
  EXPECT_EQ(a.status(), run_status::abandoned);

  run_options options;
  options.time_limit = std::chrono::milliseconds(100);
  const clock_type::time_point t0{};
  run t = make(corridor(), 1, options, nullptr, t0);
  EXPECT_FALSE(t.expire_if_due(t0 + std::chrono::milliseconds(99)));
  EXPECT_TRUE(t.active());
  EXPECT_TRUE(t.expire_if_due(t0 + std::chrono::milliseconds(100)));
  EXPECT_EQ(t.status(), run_status::timeout);
  run no_limit = make(corridor());
  EXPECT_FALSE(no_limit.expire_if_due(t0 + std::chrono::hours(1000)));
}

TEST(run, same_seed_same_treasure_and_seeds_spread_it) {
  rng maker(2);
  const grid g = generators::prim(16, 16, maker);
  std::vector<cell> seen;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    EXPECT_EQ(make(maze_layout{g, std::nullopt, {}}, seed).treasure(),
              make(maze_layout{g, std::nullopt, {}}, seed).treasure());
    seen.push_back(make(maze_layout{g, std::nullopt, {}}, seed).treasure());
  }
  std::sort(seen.begin(), seen.end());
  EXPECT_GT(std::unique(seen.begin(), seen.end()) - seen.begin(), 10);
}

TEST(run, goal_cells_are_the_treasure_candidates) {
  maze_layout m{grid(5, 5), cell{2, 2}, {cell{0, 0}, cell{4, 4}}};
  m.walls.open_all();
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const cell t = make(m, seed).treasure();
    EXPECT_TRUE(t == (cell{0, 0}) || t == (cell{4, 4}));
    EXPECT_EQ(make(m, seed).position(), (cell{2, 2}));
  }
}

TEST(run, refuses_a_maze_with_nowhere_to_hide_treasure) {
  std::string error;
  EXPECT_FALSE(
      run::create(1, maze_layout{grid(1, 1), std::nullopt, {}}, {}, 1, {}, {}, nullptr, error));
  EXPECT_FALSE(error.empty());
  EXPECT_FALSE(
      run::create(1, maze_layout{grid(3, 3), std::nullopt, {}}, {}, 1, {}, {}, nullptr, error));
}

// Keeps every event with the counters the run showed beside it.
struct recorder : run_observer {
  struct seen {
    run_event event;
    std::vector<wall> walls;
    std::uint64_t steps = 0;
    run_status status = run_status::active;
  };
  std::vector<seen> events;
  void on_event(const run& r, const run_event& e) override {
    events.push_back({e, {e.walls.begin(), e.walls.end()}, r.steps(), r.status()});
    events.back().event.walls = {};
  }
  std::vector<run_event_kind> kinds() const {
    std::vector<run_event_kind> out;
    for (const auto& e : events)
      out.push_back(e.event.kind);
    return out;
  }
};

TEST(run, reports_every_change_to_its_observer) {
  recorder seen;
  run r = make(corridor(), 1, {}, &seen);
  r.move(direction::north);
  r.follow(std::vector<direction>(3, direction::east));
  EXPECT_EQ(seen.kinds(), (std::vector<run_event_kind>{
                              run_event_kind::started, run_event_kind::bumped,
                              run_event_kind::moved, run_event_kind::moved, run_event_kind::moved,
                              run_event_kind::found, run_event_kind::finished}));
  EXPECT_EQ(seen.events.back().status, run_status::found);
  EXPECT_EQ(seen.events.back().steps, 3U);
  EXPECT_EQ(seen.events[1].event.dir, direction::north);
  EXPECT_EQ(seen.events.front().event.treasure, (cell{3, 0}));
  EXPECT_EQ(seen.events[5].event.position, (cell{3, 0}));
}

TEST(run, reports_the_walls_that_fall_and_where_the_next_treasure_hides) {
  // A perfect maze reused: each find knocks down walls. Replaying the events
  // on the starting maze must give the run's maze exactly.
  rng g(5);
  maze_layout layout{generators::prim(12, 12, g), std::nullopt, {}};
  const grid initial = layout.walls;
  run_options options;
  options.treasures = 4;
  options.reuse_walls_removed = 6;
  recorder seen;
  run r = make(layout, 3, options, &seen);
  // Walk the shortest known route to wherever the treasure is, from the events alone.
  grid replayed = initial;
  cell treasure = seen.events.front().event.treasure;
  while (r.active()) {
    const auto route = shortest_path(replayed, r.position(), treasure);
    ASSERT_TRUE(route.has_value());
    const std::size_t before = seen.events.size();
    r.follow(*route);
    for (std::size_t i = before; i < seen.events.size(); ++i) {
      const auto& e = seen.events[i];
      if (e.event.kind == run_event_kind::walls_removed) {
        EXPECT_EQ(e.walls.size(), 6U);
        for (const wall w : e.walls)
          replayed.set_open(w.at, w.side, true);
      }
      if (e.event.kind == run_event_kind::treasure_hidden) treasure = e.event.treasure;
    }
  }
  EXPECT_EQ(r.status(), run_status::found);
  EXPECT_TRUE(replayed == r.maze());
  EXPECT_FALSE(replayed == initial);
  const auto kinds = seen.kinds();
  EXPECT_EQ(std::count(kinds.begin(), kinds.end(), run_event_kind::found), 4);
  EXPECT_EQ(std::count(kinds.begin(), kinds.end(), run_event_kind::walls_removed), 3);
  EXPECT_EQ(std::count(kinds.begin(), kinds.end(), run_event_kind::treasure_hidden), 3);
  EXPECT_EQ(kinds.back(), run_event_kind::finished);
}

}  // namespace
}  // namespace ariadne
