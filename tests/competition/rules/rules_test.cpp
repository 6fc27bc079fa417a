#include "server/competition/rules/competition_rules.hpp"

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

namespace ariadne {
namespace {

TEST(rules, sets_of_mazes_and_how_they_are_marked) {
  const auto rules = parse_competition(R"({"name": "cup", "challenges": [
      {"id": "a", "maze": {"generator": "prim", "width": 8, "height": 8}, "keep": "best"},
      {"id": "b", "maze": {"generator": "prim", "width": 8, "height": 8}, "mazes": 5,
       "attempts": 2, "max_steps": 300},
      {"id": "c", "maze": {"generator": "prim", "width": 8, "height": 8}, "keep": "last"}]})",
                                       maze_catalog{}, host_limits{});
  const challenge& a = rules.challenges[0];
  const challenge& b = rules.challenges[1];
  EXPECT_EQ(a.mazes, 1U);
  EXPECT_EQ(a.mark, mark_rule::sum_ratio);
  EXPECT_EQ(a.keep, attempts_rule::best);
  EXPECT_EQ(rules.challenges[2].keep, attempts_rule::last);
  EXPECT_EQ(a.move_budget(), 640U);  // 10 moves a cell
  EXPECT_EQ(b.mazes, 5U);
  EXPECT_EQ(b.mark, mark_rule::sum_ratio);
  EXPECT_EQ(b.keep, attempts_rule::all);  // the default
  EXPECT_EQ(b.move_budget(), 300U);
  // A one-maze challenge that keeps the best attempt has the definition of
  // the days before sets: a competition of those days restarts unchanged
  // once its file says "keep": "best".
  EXPECT_EQ(a.definition,
            R"({"attempts":1,"maze":{"generator":"prim","height":8,"width":8},"weight":1.0})");
  EXPECT_NE(b.definition.find(R"("keep":"all")"), std::string::npos);
  EXPECT_NE(b.definition.find(R"("move_budget":300)"), std::string::npos);
  EXPECT_NE(b.definition.find(R"("mazes":5)"), std::string::npos);
  EXPECT_EQ(b.definition.find("mark"), std::string::npos);

  const auto one = [](const std::string& fields) {
    return error_of(R"({"name": "x", "challenges": [{"id": "a", "maze": {"generator": "prim"}, )" +
                    fields + "}]}");
  };
  EXPECT_NE(one(R"("mazes": 0)").find("challenges[0].mazes: must be from 1 to 1000"),
            std::string::npos);
  EXPECT_NE(one(R"("mazes": 1001)").find("challenges[0].mazes"), std::string::npos);
  EXPECT_NE(one(R"("mazes": 1000, "attempts": 1001)").find("mazes x attempts"), std::string::npos);
  EXPECT_NE(one(R"("mark": "geometric")").find("challenges[0].mark: must be one of"),
            std::string::npos);
  EXPECT_NE(one(R"("mark": "mean_ratio")").find("challenges[0].mark"), std::string::npos);
  EXPECT_EQ(one(R"("mark": "sum_ratio")"), "");
  // The reference bot plays every maze dealt: small mazes only (prim's
  // default is 16 x 16).
  EXPECT_EQ(one(R"("mark": "reference_sum")"), "");
  EXPECT_EQ(error_of(R"({"name": "x", "challenges": [{"id": "a", "mark": "reference_sum",
                "maze": {"generator": "prim", "width": 64, "height": 64}}]})"),
            "");
  EXPECT_NE(error_of(R"({"name": "x", "challenges": [{"id": "a", "mark": "reference_sum",
                "maze": {"generator": "prim", "width": 65, "height": 64}}]})")
                .find("challenges[0].mark: \"reference_sum\" is for mazes of at most 4096 cells"),
            std::string::npos);
  EXPECT_NE(one(R"("keep": "worst")").find("challenges[0].keep"), std::string::npos);
  EXPECT_NE(one(R"("mazes": "5")").find("challenges[0].mazes"), std::string::npos);
}

}  // namespace
}  // namespace ariadne
