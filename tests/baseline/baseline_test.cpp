#include "server/baseline/baseline.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace ariadne {
namespace {

std::string refusal(std::string_view query) {
  auto parsed = parse_baseline_query(query);
  return std::holds_alternative<std::string>(parsed) ? std::get<std::string>(parsed) : "";
}

TEST(baseline, the_query_names_a_practice_maze_in_full) {
  auto parsed = parse_baseline_query("generator=prim&width=16&height=12&loops=0.25&seed=42");
  ASSERT_TRUE(std::holds_alternative<run_request>(parsed));
  const run_request& r = std::get<run_request>(parsed);
  EXPECT_EQ(r.maze.generator, "prim");
  EXPECT_EQ(r.maze.width, 16);
  EXPECT_EQ(r.maze.height, 12);
  EXPECT_DOUBLE_EQ(*r.maze.loops, 0.25);
  EXPECT_EQ(r.maze.seed, 42U);
}

TEST(baseline, anything_else_is_refused_with_a_sentence) {
  EXPECT_NE(refusal("").find("needs generator"), std::string::npos);
  EXPECT_NE(refusal("generator=prim&width=16&height=16&loops=0").find("needs seed"),
            std::string::npos);
  EXPECT_NE(refusal("generator=prim&width=16&height=16&loops=0&seed=1&x=2").find("only"),
            std::string::npos);
  EXPECT_NE(refusal("generator=prim&width=16&height=16&loops=0&seed").find("name=value"),
            std::string::npos);
  for (const char* size : {"-16", "16abc", "+16", "", "99999999999"}) {
    EXPECT_NE(refusal(std::string("generator=prim&width=") + size + "&height=16&loops=0&seed=1")
                  .find("whole numbers"),
              std::string::npos)
        << size;
  }
  EXPECT_NE(refusal("generator=prim&width=16&height=16&loops=0&seed=18446744073709551616")
                .find("seed must be"),
            std::string::npos);
  EXPECT_NE(refusal("generator=prim&width=16&height=16&loops=x&seed=1").find("loops"),
            std::string::npos);
  EXPECT_NE(refusal("generator=prim&width=65&height=16&loops=0&seed=1").find("at most 64"),
            std::string::npos);
  // The rules have the last word: an unknown generator, a loop rate out of range.
  EXPECT_FALSE(refusal("generator=nope&width=16&height=16&loops=0&seed=1").empty());
  EXPECT_FALSE(refusal("generator=prim&width=16&height=16&loops=2&seed=1").empty());
}

TEST(baseline, every_bundled_bot_plays_the_same_maze_scored_as_the_host_scores) {
  const auto request =
      std::get<run_request>(parse_baseline_query("generator=prim&width=8&height=8&loops=0&seed=3"));
  host_limits host;
  host.bump_penalty = 3;
  const auto doc = nlohmann::json::parse(baseline_json(request, maze_catalog{}, host));
  ASSERT_GE(doc["bots"].size(), 5U);
  for (const auto& bot : doc["bots"]) {
    EXPECT_EQ(bot["optimal"], doc["optimal"]);
    EXPECT_EQ(bot["score"].get<std::uint64_t>(),
              bot["steps"].get<std::uint64_t>() + 3 * bot["bumps"].get<std::uint64_t>());
  }
  EXPECT_GT(baseline_cost(request), 0U);
}

}  // namespace
}  // namespace ariadne
