#include "server/competition/competition_rules.hpp"

#include <gtest/gtest.h>

namespace ariadne {
namespace {

std::string error_of(const std::string& text) {
  try {
    parse_competition(text, maze_catalog{}, host_limits{});
  } catch (const competition_error& e) {
    return e.what();
  }
  return "";
}

TEST(rules, reads_a_full_file_with_defaults) {
  const auto rules = parse_competition(R"({"name": "cup",
    "opens_at": "2026-12-01T00:00:00Z", "closes_at": "2026-12-08T00:00:00Z",
    "seeds": "per_competitor", "practice": false,
    "challenges": [
      {"id": "a", "maze": {"generator": "hunt_and_kill", "width": 16, "height": 8}, "attempts": 3},
      {"id": "b", "maze": {"generator": "prim", "loops": 0.5}, "treasures": 2, "weight": 2,
       "reuse_walls_removed": 10, "max_steps": 500, "time_limit_ms": 60000}]})",
                                       maze_catalog{}, host_limits{});
  EXPECT_EQ(rules.name, "cup");
  EXPECT_FALSE(rules.practice);
  EXPECT_EQ(rules.seeds, seed_mode::per_competitor);
  ASSERT_EQ(rules.challenges.size(), 2U);
  EXPECT_EQ(rules.challenges[0].attempts, 3U);
  EXPECT_EQ(rules.challenges[0].width, 16);
  EXPECT_EQ(rules.challenges[0].height, 8);
  EXPECT_DOUBLE_EQ(rules.challenges[0].weight, 1.0);
  EXPECT_EQ(rules.challenges[1].width, 16);  // the default side
  EXPECT_EQ(rules.challenges[1].attempts, 1U);
  EXPECT_EQ(format_time(*rules.opens_at), "2026-12-01T00:00:00Z");
  EXPECT_TRUE(rules.not_yet_open(*parse_time("2026-11-30T23:59:59Z")));
  EXPECT_FALSE(rules.closed(*parse_time("2026-12-07T23:59:59Z")));
  EXPECT_TRUE(rules.closed(*rules.closes_at));
  EXPECT_NE(rules.challenges[0].definition, rules.challenges[1].definition);
}

TEST(rules, every_fault_names_its_field) {
  EXPECT_NE(error_of("[").find("not valid JSON"), std::string::npos);
  EXPECT_NE(error_of(R"({"challenges": [{"id": "a", "maze": {}}]})").find("competition.name"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"name": "x", "challenges": []})").find("competition.challenges"),
            std::string::npos);
  const auto one = [](const std::string& challenge) {
    return error_of(R"({"name": "x", "challenges": [)" + challenge + "]}");
  };
  EXPECT_NE(
      one(R"({"id": "a", "maze": {"generator": "nope"}})").find("challenges[0]: unknown generator"),
      std::string::npos);
  EXPECT_NE(one(R"({"id": "a", "maze": {"name": "nowhere"}})").find("challenges[0]"),
            std::string::npos);
  EXPECT_NE(one(R"({"id": "a b", "maze": {"generator": "prim"}})").find("challenges[0].id"),
            std::string::npos);
  EXPECT_NE(one(R"({"id": "a", "maze": {"generator": "prim", "seed": 1}})")
                .find("challenges[0].maze.seed"),
            std::string::npos);
  EXPECT_NE(one(R"({"id": "a", "maze": {"generator": "prim"}, "weight": 0})")
                .find("challenges[0].weight"),
            std::string::npos);
  EXPECT_NE(one(R"({"id": "a", "maze": {"generator": "prim"}, "attempts": 0})")
                .find("challenges[0].attempts"),
            std::string::npos);
  EXPECT_NE(one(R"({"id": "a", "maze": {"generator": "prim", "width": 0}})").find("width"),
            std::string::npos);
  EXPECT_NE(
      one(R"({"id": "a", "maze": {"generator": "prim"}}, {"id": "a", "maze": {"generator": "prim"}})")
          .find("challenges[1].id"),
      std::string::npos);
  EXPECT_NE(
      error_of(
          R"({"name": "x", "seeds": "own", "challenges": [{"id": "a", "maze": {"generator": "prim"}}]})")
          .find("competition.seeds"),
      std::string::npos);
  EXPECT_NE(
      error_of(
          R"({"name": "x", "opens_at": "2026-12-02T00:00:00Z", "closes_at": "2026-12-01T00:00:00Z", "challenges": [{"id": "a", "maze": {"generator": "prim"}}]})")
          .find("competition.closes_at"),
      std::string::npos);
}

TEST(rules, times_are_utc_rfc3339) {
  EXPECT_TRUE(parse_time("2026-12-01T00:00:00Z"));
  EXPECT_TRUE(parse_time("2026-12-01T00:00:00+00:00"));
  EXPECT_FALSE(parse_time("2026-12-01T00:00:00+01:00"));
  EXPECT_FALSE(parse_time("2026-02-30T00:00:00Z"));
  EXPECT_FALSE(parse_time("2026-12-01 00:00:00Z"));
  EXPECT_EQ(format_time(from_unix_ms(1500)), "1970-01-01T00:00:01.500Z");
}

}  // namespace
}  // namespace ariadne
