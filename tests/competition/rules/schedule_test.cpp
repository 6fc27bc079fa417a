#include "server/competition/rules/competition_schedule.hpp"

#include <gtest/gtest.h>

#include "core/model/utc_time.hpp"

namespace ariadne {
namespace {

using namespace std::chrono_literals;

const auto now = *parse_time("2026-12-01T12:00:00Z");

competition_schedule open_until(competition_schedule::time_point closes) {
  competition_schedule s;
  s.opens_at = now - 1h;
  s.closes_at = closes;
  return s;
}

std::string refusal(const schedule_change& change) {
  const auto* problem = std::get_if<std::string>(&change);
  return problem != nullptr ? *problem : std::string();
}

TEST(schedule_test, a_close_now_comes_after_the_notice_every_server_needs) {
  const auto closed = std::get<competition_schedule>(plan_close(open_until(now + 1h), now, {}));
  EXPECT_EQ(*closed.closes_at, now + schedule_notice);
  EXPECT_NE(refusal(plan_close(open_until(now + 1h), now, now + 1s)), "");
  EXPECT_NE(refusal(plan_close(open_until(now - 1s), now, {})).find("closed at"),
            std::string::npos);
}

TEST(schedule_test, a_close_comes_after_the_opening) {
  competition_schedule later;
  later.opens_at = now + 2h;
  EXPECT_NE(refusal(plan_close(later, now, now + 1h)).find("opens at"), std::string::npos);
  EXPECT_EQ(*std::get<competition_schedule>(plan_close(later, now, now + 3h)).closes_at, now + 3h);
}

TEST(schedule_test, an_extension_moves_a_close_still_ahead_later) {
  EXPECT_EQ(
      *std::get<competition_schedule>(plan_extend(open_until(now + 1h), now, now + 2h)).closes_at,
      now + 2h);
  EXPECT_NE(refusal(plan_extend(open_until(now + 1h), now, now + 30min)).find("later"),
            std::string::npos);
  // Too late for every server to hear of it, or already closed.
  EXPECT_NE(refusal(plan_extend(open_until(now + 1s), now, now + 2h)), "");
  EXPECT_NE(refusal(plan_extend(open_until(now - 1s), now, now + 2h)), "");
  EXPECT_NE(refusal(plan_extend(competition_schedule{}, now, now + 2h)).find("no close"),
            std::string::npos);
}

TEST(schedule_test, a_closed_competition_opens_again_only_without_results) {
  const auto closed = open_until(now - 1min);
  EXPECT_NE(refusal(plan_open(closed, now, {}, now + 1h, true)).find("reset"), std::string::npos);
  const auto reopened = std::get<competition_schedule>(plan_open(closed, now, {}, now + 1h, false));
  EXPECT_EQ(*reopened.opens_at, now);
  EXPECT_EQ(*reopened.closes_at, now + 1h);
  EXPECT_FALSE(std::get<competition_schedule>(plan_open(closed, now, {}, {}, false)).closes_at);
}

TEST(schedule_test, an_open_competition_is_not_opened_again) {
  EXPECT_NE(refusal(plan_open(open_until(now + 1h), now, {}, {}, false)).find("is open"),
            std::string::npos);
  competition_schedule later;
  later.opens_at = now + 1h;
  later.closes_at = now + 2h;
  EXPECT_EQ(*std::get<competition_schedule>(plan_open(later, now, {}, {}, false)).opens_at, now);
  EXPECT_NE(refusal(plan_open(later, now, now + 3h, {}, false)).find("before it opens"),
            std::string::npos);
}

TEST(schedule_test, results_are_reset_only_while_no_competitor_can_start) {
  EXPECT_TRUE(reset_refusal(open_until(now + 1h), now));
  EXPECT_FALSE(reset_refusal(open_until(now - 1s), now));
  competition_schedule later;
  later.opens_at = now + 1h;
  EXPECT_FALSE(reset_refusal(later, now));
  later.opens_at = now + 1s;  // too soon: a server may open before it hears
  EXPECT_TRUE(reset_refusal(later, now));
  EXPECT_TRUE(reset_refusal(competition_schedule{}, now));  // always open
}

TEST(schedule_test, nothing_changes_while_an_opening_or_a_close_is_under_the_notice) {
  // A server that has not read the change would act on the old time.
  const auto closing = open_until(now + 1s);
  EXPECT_NE(refusal(plan_close(closing, now, now + 1h)).find("too soon"), std::string::npos);
  EXPECT_NE(refusal(plan_extend(closing, now, now + 1h)).find("too soon"), std::string::npos);
  competition_schedule opening;
  opening.opens_at = now + 1s;
  EXPECT_NE(refusal(plan_open(opening, now, now + 1h, {}, false)).find("too soon"),
            std::string::npos);
  EXPECT_NE(refusal(plan_close(opening, now, now + 1h)).find("too soon"), std::string::npos);
}

TEST(schedule_test, each_reset_deals_from_another_secret) {
  EXPECT_EQ(secret_after_resets("s", 0), "s");
  EXPECT_NE(secret_after_resets("s", 1), "s");
  EXPECT_NE(secret_after_resets("s", 1), secret_after_resets("s", 2));
}

}  // namespace
}  // namespace ariadne
