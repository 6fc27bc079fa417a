#include "server/replay/spectator_view.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <set>

#include "core/maze/rng.hpp"
#include "core/maze/walls_code.hpp"
#include "core/play/run_setup.hpp"

namespace ariadne {
namespace {

using json = nlohmann::json;

struct live_run {
  std::shared_ptr<run_feed> feed = std::make_shared<run_feed>(7, "watched");
  std::optional<run> r;
  rng random{21};

  explicit live_run(std::uint32_t treasures = 2, std::uint32_t reuse = 3) {
    run_request request;
    request.maze.generator = "recursive_backtracker";
    request.maze.width = 14;
    request.maze.height = 11;
    request.maze.seed = 3;
    request.treasures = treasures;
    request.reuse_walls_removed = reuse;
    request.max_steps = 10'000'000;
    auto setup =
        set_up_run(request, maze_catalog{}, host_limits{}, 7, 1, run::clock::now(), feed.get());
    r.emplace(std::move(std::get<run>(setup)));
  }
  void play(int moves) {
    for (int i = 0; i < moves && r->active(); ++i)
      r->move(static_cast<direction>(random.below(4)));
  }
  std::unique_ptr<spectator_view> watch(std::uint64_t from, bool reveal = true) {
    std::string error;
    auto view = spectator_view::create(
        feed, maze_catalog{}, from, [reveal] { return reveal; }, error);
    EXPECT_TRUE(view) << error;
    return view;
  }
};

std::vector<json> pump(spectator_view& view, spectator_view::pumped expected,
                       std::size_t max_letters = 1U << 20U) {
  std::vector<std::string> texts;
  EXPECT_EQ(view.pump(texts, max_letters), expected);
  std::vector<json> out;
  for (const auto& t : texts)
    out.push_back(json::parse(t));
  return out;
}

// What a spectator knows: the cells the drone stood on, as it sensed them.
TEST(spectator_view, shows_only_what_the_drone_sensed) {
  live_run game;
  game.play(150);
  ASSERT_TRUE(game.r->active());
  auto view = game.watch(0);
  const auto first = pump(*view, spectator_view::pumped::sent);
  ASSERT_EQ(first.size(), 1U);
  const json& snap = first[0];
  EXPECT_EQ(snap["type"], "snapshot");
  EXPECT_EQ(snap["seq"], game.feed->seq());
  EXPECT_EQ(snap["steps"], game.r->steps());
  EXPECT_EQ(snap["bumps"], game.r->bumps());
  EXPECT_EQ(snap["trail"].get<std::string>().size(), game.r->steps() + game.r->bumps());
  EXPECT_FALSE(snap.contains("seed"));
  EXPECT_FALSE(snap.contains("treasure"));
  // Walk the trail: upper case moves, lower case bumps.
  const grid& truth = game.r->maze();
  cell at = game.r->start();
  std::set<grid::index> visited{truth.index_of(at)};
  for (const char letter : snap["trail"].get<std::string>()) {
    if (std::isupper(static_cast<unsigned char>(letter))) {
      at = step(at, *direction_from_letter(letter));
      visited.insert(truth.index_of(at));
    }
  }
  EXPECT_EQ(snap["position"]["x"], at.x);
  EXPECT_EQ(snap["position"]["y"], at.y);
  const std::string sensed = snap["sensed"];
  ASSERT_EQ(sensed.size(), truth.cell_count());
  for (grid::index i = 0; i < truth.cell_count(); ++i) {
    if (visited.count(i) > 0) {
      EXPECT_EQ(sensed[i], walls_digit(truth.open_mask(i))) << i;
    } else {
      EXPECT_EQ(sensed[i], '.') << "cell " << i << " was never visited, yet shown";
    }
  }
  EXPECT_TRUE(pump(*view, spectator_view::pumped::idle).empty());
}

TEST(spectator_view, batches_steps_and_ends_with_the_replay_only_when_allowed) {
  for (const bool reveal : {true, false}) {
    live_run game;
    auto view = game.watch(0, reveal);
    pump(*view, spectator_view::pumped::sent);
    std::string trail;
    while (game.r->active()) {
      game.play(97);
      const auto out = pump(
          *view, game.r->active() ? spectator_view::pumped::sent : spectator_view::pumped::ended);
      ASSERT_FALSE(out.empty());
      const json& steps = out[0];
      EXPECT_EQ(steps["type"], "steps");
      EXPECT_EQ(steps["open"].get<std::string>().size(), steps["trail"].get<std::string>().size());
      trail += steps["trail"].get<std::string>();
      if (!game.r->active()) {
        ASSERT_EQ(out.size(), 2U);
        const json& end = out[1];
        EXPECT_EQ(end["type"], "end");
        EXPECT_EQ(end["seq"], game.feed->seq());
        EXPECT_EQ(end["result"]["steps"], game.r->steps());
        EXPECT_EQ(end["result"]["found"], 2);
        EXPECT_EQ(end["result"].contains("seed"), reveal);
        EXPECT_EQ(end["replay"].is_null(), !reveal);
        if (reveal) {
          EXPECT_EQ(end["replay"], "/api/replays/7");
        }
      } else {
        EXPECT_EQ(steps["seq"], game.feed->seq());
        EXPECT_EQ(steps["steps"], game.r->steps());
      }
    }
    EXPECT_EQ(trail.size(), game.r->steps() + game.r->bumps());
  }
}

// A spectator that lost its connection resumes from the last seq it had and
// receives exactly what it missed: nothing twice, nothing skipped.
TEST(spectator_view, resumes_from_a_seq) {
  live_run game;
  auto whole = game.watch(0);
  pump(*whole, spectator_view::pumped::sent);
  game.play(60);
  const auto first = pump(*whole, spectator_view::pumped::sent);
  const std::uint64_t seq = first[0]["seq"];
  std::string missed;
  while (game.r->active()) {
    game.play(41);
    const auto out = pump(
        *whole, game.r->active() ? spectator_view::pumped::sent : spectator_view::pumped::ended);
    missed += out[0]["trail"].get<std::string>();
  }
  auto resumed = game.watch(seq);
  const auto again = pump(*resumed, spectator_view::pumped::ended);
  ASSERT_EQ(again.size(), 2U);
  EXPECT_EQ(again[0]["type"], "steps");
  EXPECT_EQ(again[0]["trail"], missed);
  EXPECT_EQ(again[1]["type"], "end");
  // A seq past the end, or inside one move's events, was never sent.
  auto ahead = game.watch(game.feed->seq() + 1);
  std::vector<std::string> ignored;
  EXPECT_EQ(ahead->pump(ignored, 1000), spectator_view::pumped::bad_from);
}

TEST(spectator_view, a_small_batch_limit_catches_up_over_several_pumps) {
  live_run game(1, 0);
  auto view = game.watch(0);
  pump(*view, spectator_view::pumped::sent);
  game.play(500);
  std::string trail;
  int pumps = 0;
  for (auto outcome = spectator_view::pumped::sent; outcome == spectator_view::pumped::sent;) {
    std::vector<std::string> texts;
    outcome = view->pump(texts, 64);
    ++pumps;
    if (texts.empty() || json::parse(texts[0])["type"] != "steps") break;
    const std::string part = json::parse(texts[0])["trail"];
    EXPECT_LE(part.size(), 64U);
    trail += part;
  }
  EXPECT_EQ(trail.size(), game.r->steps() + game.r->bumps());
  EXPECT_GE(pumps, static_cast<int>(trail.size() / 64));
}

}  // namespace
}  // namespace ariadne
