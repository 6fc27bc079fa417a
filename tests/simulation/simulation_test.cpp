#include "tools/simulation/simulation.hpp"

#include <gtest/gtest.h>

#include "bots/bot.hpp"
#include "bots/local_drone.hpp"
#include "server/competition/rules/secrets.hpp"
#include "tools/simulation/simulation_figures.hpp"
#include "tools/simulation/simulation_report.hpp"

namespace ariadne {
namespace {

competition_rules rules_of(const std::string& seeds, const std::string& challenge) {
  return parse_competition(
      R"({"name": "sim", "seeds": ")" + seeds + R"(", "challenges": [)" + challenge + "]}",
      maze_catalog{}, host_limits{});
}

const std::string small =
    R"({"id": "small", "maze": {"generator": "hunt_and_kill", "width": 10, "height": 10},
        "mazes": 3, "attempts": 2})";

simulation_options options_of(std::uint32_t runs, std::string secret) {
  simulation_options o;
  o.runs = runs;
  o.bots = {"frontier", "tremaux", "random_mouse"};
  o.secret = std::move(secret);
  o.jobs = 2;
  return o;
}

TEST(simulation, deals_every_maze_as_the_server_would) {
  const auto rules = rules_of("shared", small);
  const auto plays = play_competition(rules, maze_catalog{}, host_limits{}, options_of(3, "s"));
  ASSERT_EQ(plays.challenges.size(), 1U);
  const auto& outcomes = plays.challenges[0].outcomes;
  ASSERT_EQ(outcomes.size(), 3U);
  ASSERT_EQ(outcomes[2].size(), 3U);
  ASSERT_EQ(outcomes[2][1].size(), 6U);  // 2 attempts of 3 mazes
  // Run 2's fifth deal, played by hand with the seed the server would deal.
  run_request request = rules.challenges[0].request;
  request.maze.seed = deal_seed("s/2", "small", 5, "");
  local_drone drone;
  const auto tremaux = make_bot("tremaux");
  drone.start(request);
  tremaux->play(drone);
  const run_result& r = *drone.state().result;
  EXPECT_EQ(outcomes[2][1][4].score, r.score);
  EXPECT_EQ(outcomes[2][1][4].optimal, r.optimal);
  EXPECT_EQ(outcomes[2][1][4].found, r.status == run_status::found);
  // Shared seeds: every bot walks the same maze of a deal.
  for (std::size_t d = 0; d < 6; ++d) {
    EXPECT_EQ(outcomes[0][0][d].optimal, outcomes[0][1][d].optimal);
    EXPECT_EQ(outcomes[0][0][d].optimal, outcomes[0][2][d].optimal);
  }
}

TEST(simulation, per_competitor_seeds_deal_each_bot_its_own_mazes) {
  const auto plays = play_competition(rules_of("per_competitor", small), maze_catalog{},
                                      host_limits{}, options_of(4, "s"));
  int different = 0;
  for (const auto& run : plays.challenges[0].outcomes) {
    for (std::size_t d = 0; d < 6; ++d)
      different += run[0][d].optimal != run[1][d].optimal;
  }
  EXPECT_GT(different, 0);
}

TEST(simulation, same_secrets_same_figures_other_secrets_other_mazes) {
  const auto rules = rules_of("shared", small);
  const auto options = options_of(20, "same");
  const auto first = play_competition(rules, maze_catalog{}, host_limits{}, options);
  auto one_job = options;
  one_job.jobs = 1;
  const auto second = play_competition(rules, maze_catalog{}, host_limits{}, one_job);
  const std::string a = figures_json(measure_competition(first, options));
  EXPECT_EQ(a, figures_json(measure_competition(second, options)));
  EXPECT_EQ(figures_text(measure_competition(first, options)),
            figures_text(measure_competition(second, options)));
  const auto other = play_competition(rules, maze_catalog{}, host_limits{}, options_of(20, "x"));
  EXPECT_NE(a, figures_json(measure_competition(other, options_of(20, "x"))));
}

TEST(simulation, the_true_order_and_its_figures) {
  const auto rules = rules_of("shared", small);
  const auto options = options_of(30, "order");
  const auto f =
      measure_competition(play_competition(rules, maze_catalog{}, host_limits{}, options), options);
  const ranking_figures& r = f.challenges[0].ranking;
  ASSERT_EQ(r.bots.size(), 3U);
  // The random mouse is the weakest of the three on any fair mark.
  EXPECT_EQ(r.bots.back().bot, "random_mouse");
  for (const bot_figures& b : r.bots) {
    EXPECT_GE(b.mean, 0);
    EXPECT_LE(b.low, b.mean);
    EXPECT_GE(b.high, b.mean);
  }
  EXPECT_GE(r.order_right, 0);
  EXPECT_LE(r.order_right, 1);
  ASSERT_EQ(r.pairs.size(), 2U);
  EXPECT_EQ(f.challenges[0].by_keep.size(), 3U);
  EXPECT_EQ(f.totals.bots.size(), 3U);
}

TEST(simulation, unknown_bots_are_refused) {
  auto options = options_of(2, "s");
  options.bots.push_back("nobody");
  EXPECT_THROW(play_competition(rules_of("shared", small), maze_catalog{}, host_limits{}, options),
               std::invalid_argument);
}

}  // namespace
}  // namespace ariadne
