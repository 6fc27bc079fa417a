// Every bundled bot against a drone whose replies lie about the maze: each
// lie ends the game with a drone_error, never a write outside a bot's arrays
// (the asan preset runs this file too) and never a game without end.
#include <gtest/gtest.h>

#include <functional>

#include "bots/bot.hpp"
#include "bots/local_drone.hpp"
#include "bots/reply_check.hpp"

namespace ariadne {
namespace {

// A local drone whose replies are bent by `lie` after `honest` good ones.
class lying_drone : public local_drone {
 public:
  using lie_fn = std::function<void(drone_state&, const protocol::client_message&)>;
  lying_drone(lie_fn lie, int honest) : lie_(std::move(lie)), honest_(honest) {}

 protected:
  drone_state exchange(const protocol::client_message& message) override {
    drone_state reply = local_drone::exchange(message);
    if (honest_-- <= 0) lie_(reply, message);
    return reply;
  }

 private:
  lie_fn lie_;
  int honest_;
};

protocol::start_message practice() {
  protocol::start_message start;
  start.maze.generator = "hunt_and_kill";
  start.maze.width = 9;
  start.maze.height = 7;
  start.maze.seed = 5;
  return start;
}

struct lie {
  const char* name;
  lying_drone::lie_fn bend;
  int honest;  // replies before the lie (the start reply is the first)
};

const std::vector<lie>& lies() {
  static const std::vector<lie> all = {
      {"every side open, at the edge too", [](drone_state& s, const auto&) { s.open = 0xF; }, 0},
      {"every side open after a few moves", [](drone_state& s, const auto&) { s.open = 0xF; }, 4},
      {"a position west of the maze",
       [](drone_state& s, const auto&) {
         s.position = {-1, s.position.y};
       },
       3},
      {"a position far north",
       [](drone_state& s, const auto&) {
         s.position = {0, 1 << 30};
       },
       2},
      {"open sides beyond the four", [](drone_state& s, const auto&) { s.open = 0xFF; }, 1},
      {"moved, but stayed", [](drone_state& s, const auto&) { s.moved = true; }, 2},
      {"a teleport",
       [](drone_state& s, const auto&) {
         s.position = {8, 6};
       },
       2},
      {"a bigger maze than asked", [](drone_state& s, const auto&) { s.width = 40000; }, 0},
      {"a path longer than sent", [](drone_state& s, const auto&) { s.done = 5000; }, 1},
      {"another run", [](drone_state& s, const auto&) { s.run += 1; }, 1},
      {"found more than there are", [](drone_state& s, const auto&) { s.found = 7; }, 1},
      {"a bump that stays put, through an open side",
       [](drone_state& s, const protocol::client_message& m) {
         if (const auto* move = std::get_if<protocol::move_message>(&m); move && *s.moved) {
           s.moved = false;
           s.position = step(s.position, opposite(move->dir));
           s.steps -= 1;
           s.bumps += 1;
         }
       },
       1},
      {"a path that makes no move", [](drone_state& s, const auto&) { s.done = 0; }, 1},
  };
  return all;
}

TEST(hostile_replies, every_bot_stops_with_an_error_at_every_lie) {
  for (const auto& info : all_bots()) {
    for (const auto& l : lies()) {
      SCOPED_TRACE(std::string(info.name) + ": " + l.name);
      lying_drone d(l.bend, l.honest);
      auto player = make_bot(info.name);
      bool refused = false;
      try {
        d.start(practice());
        player->play(d);
      } catch (const drone_error& e) {
        refused = true;
        EXPECT_EQ(e.code(), std::nullopt) << e.what();
      }
      // A lie a bot never meets (no path sent, a run abandoned first) may pass.
      if (!refused) {
        EXPECT_TRUE(d.finished());
      }
    }
  }
}

// Runs what, which must end with a drone_error saying `words`.
template <typename What>
void expect_refusal(const What& what, std::string_view words) {
  try {
    what();
    ADD_FAILURE() << "accepted, or played on";
  } catch (const drone_error& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

TEST(hostile_replies, an_edge_open_to_the_outside_is_named) {
  lying_drone d([](drone_state& s, const auto&) { s.open = 0xF; }, 0);
  expect_refusal([&] { d.start(practice()); }, "open to the outside of the maze");
}

TEST(hostile_replies, a_challenge_maze_beyond_the_cell_limit_is_refused) {
  drone_state first;
  first.width = 5000;
  first.height = 5000;
  first.treasures = 1;
  drone_limits limits;
  const auto problem = check_start_reply(first, nullptr, limits);
  ASSERT_TRUE(problem.has_value());
  EXPECT_NE(problem->find("cells this client accepts"), std::string::npos) << *problem;
  limits.max_cells = 25'000'000;
  EXPECT_EQ(check_start_reply(first, nullptr, limits), std::nullopt);
}

TEST(hostile_replies, a_run_past_its_own_max_steps_ends_the_client) {
  // The server announces 3 moves (the treasure is further) but never ends the run.
  for (const auto& info : all_bots()) {
    lying_drone d([](drone_state& s, const auto&) { s.result.reset(); }, 0);
    auto start = practice();
    start.max_steps = 3;
    d.start(start);
    SCOPED_TRACE(info.name);
    expect_refusal([&] { make_bot(info.name)->play(d); }, "still in play after 3 moves");
  }
}

TEST(hostile_replies, the_client_keeps_its_own_move_budget) {
  // The server announces its default (moves per cell); the client allows 3.
  lying_drone d([](drone_state& s, const auto&) { s.result.reset(); }, 0);
  drone_limits limits;
  limits.max_moves = 3;
  d.set_limits(limits);
  d.start(practice());
  expect_refusal([&] { make_bot("random_mouse")->play(d); }, "still in play after 3 moves");
}

TEST(hostile_replies, a_move_that_meets_an_ended_run_is_honest) {
  // The run's time ran out before the move: not moved, nothing counted, the result.
  drone_state before;
  before.run = 3;
  before.position = {1, 1};
  before.open = 1U << static_cast<unsigned>(direction::east);  // east open only
  before.treasures = 1;
  before.steps = 4;
  drone_state next = before;
  next.moved = false;
  next.result = run_result{};
  EXPECT_EQ(check_reply(before, next, protocol::move_message{direction::east}, 4, 4), std::nullopt);
  next.result.reset();
  EXPECT_NE(check_reply(before, next, protocol::move_message{direction::east}, 4, 4), std::nullopt);
}

TEST(hostile_replies, honest_replies_pass_every_check) {
  for (const auto& info : all_bots()) {
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      local_drone d;
      auto start = practice();
      start.maze.seed = seed;
      start.treasures = 2;
      start.reuse_walls_removed = 3;
      d.start(start);
      make_bot(info.name)->play(d);
      EXPECT_TRUE(d.finished()) << info.name;
    }
  }
}

}  // namespace
}  // namespace ariadne
