// What a tool says of a run: its structured content and its text.
#include "clients/mcp/run_report.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <nlohmann/json.hpp>

namespace ariadne::mcp {
using ordered_json = nlohmann::ordered_json;

namespace {

drone_state started(std::int32_t width, std::int32_t height) {
  drone_state s;
  s.run = 4;
  s.open = 2;  // E
  s.treasures = 1;
  s.width = width;
  s.height = height;
  s.maze = "prim";
  s.max_steps = static_cast<std::uint64_t>(width) * static_cast<std::uint64_t>(height) * 10;
  return s;
}

run_facts facts_of(const drone_state& first, const drone_state& latest) {
  run_facts f;
  f.first = &first;
  f.latest = &latest;
  f.handle = latest.run;
  f.pages = "http://127.0.0.1:8080/";
  return f;
}

// A server that says more than the schema allows is not believed past it.
TEST(run_report, efficiency_stays_within_the_published_range) {
  const drone_state first = started(4, 4);
  drone_state last = first;
  last.result = run_result{run_status::found, 6, 0, 6, 6, 3.5, 1, 1, 1};
  const auto f = facts_of(first, last);
  EXPECT_EQ(run_view(f, report_kind::status)["result"]["efficiency"], 1.0);
  EXPECT_NE(run_text(f, report_kind::status).find("efficiency 1.000"), std::string::npos);
  EXPECT_EQ(efficiency_shown(-2.0), 0.0);
  EXPECT_EQ(efficiency_shown(std::numeric_limits<double>::quiet_NaN()), 0.0);
  EXPECT_EQ(efficiency_shown(0.25), 0.25);
}

// A start reply without max_steps: the rules' default, 10 moves a cell.
TEST(run_report, a_move_limit_not_said_is_the_rules_default) {
  drone_state first = started(4, 5);
  first.max_steps.reset();
  drone_state now = first;
  now.steps = 3;
  now.bumps = 1;
  const auto f = facts_of(first, now);
  EXPECT_EQ(move_limit(first), 200U);
  EXPECT_EQ(moves_left(f), 196U);
  EXPECT_EQ(run_view(f, report_kind::sense)["moves_left"], 196);
  EXPECT_EQ(run_view(f, report_kind::sense)["max_steps"], nullptr);
  EXPECT_NE(run_text(facts_of(first, first), report_kind::start).find("at most 200 moves"),
            std::string::npos);
}

TEST(run_report, a_lost_run_has_ended_unseen) {
  const drone_state first = started(4, 4);
  auto f = facts_of(first, first);
  f.lost = "The connection was lost (reset): run 4 ended unseen.";
  const ordered_json view = run_view(f, report_kind::status);
  EXPECT_EQ(view["ended"], true);
  EXPECT_EQ(view["moves_left"], 0);
  EXPECT_EQ(view["lost"], f.lost);
  const std::string text = run_text(f, report_kind::status);
  EXPECT_EQ(text.find("Run 4 (lost): you were at (0, 0)"), 0U) << text;
  EXPECT_EQ(text.find("(in play)"), std::string::npos);
  EXPECT_EQ(text.find("moves left"), std::string::npos);
}

// A run handed back at hello: where it started is not known.
TEST(run_report, a_run_taken_over_says_so_and_no_start) {
  drone_state first = started(6, 6);
  first.position = {2, 3};
  first.steps = 5;
  auto f = facts_of(first, first);
  f.taken_over = true;
  f.handle = 9;
  const ordered_json view = run_view(f, report_kind::start);
  EXPECT_FALSE(view.contains("start"));
  EXPECT_EQ(view["taken_over"], true);
  EXPECT_EQ(view["handle"], 9);
  EXPECT_EQ(view["run"], 4);
  const std::string text = run_text(f, report_kind::start);
  EXPECT_EQ(text.find("Run 4 (handle 9) is yours again"), 0U) << text;
  EXPECT_NE(text.find("You are at (2, 3)"), std::string::npos);
  EXPECT_NE(text.find("Abandon it to start another."), std::string::npos);
}

// Numbers as the server wrote them: past 2^31 an int would show -1.
TEST(run_report, challenges_text_keeps_large_numbers_and_no_control_characters) {
  const ordered_json list = {{"competition", "cup\n"},
                             {"challenges",
                              {{{"id", "big\xe2\x80\xae"},
                                {"width", 8},
                                {"height", 8},
                                {"attempts_left", 3000000000U},
                                {"attempts", 4000000000U}}}}};
  EXPECT_EQ(challenges_text(list),
            "The challenges of cup?:\n- big?: 8x8, 3000000000 of 4000000000 attempts left");
}

}  // namespace
}  // namespace ariadne::mcp
