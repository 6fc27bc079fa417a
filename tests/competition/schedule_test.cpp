#include "server/competition/rules/competition_schedule.hpp"

#include <gtest/gtest.h>

#include "core/model/utc_time.hpp"
#include "server/competition/competition_opening.hpp"
#include "server/competition/schedule_store.hpp"
#include "server/store/sqlite_store.hpp"
#include "server/store/store_error.hpp"
#include "tests/support/temp_dir.hpp"

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

TEST(schedule_test, a_damaged_value_stops_the_read_instead_of_a_silent_fallback) {
  testing::temp_dir dir;
  sqlite_store store(dir.file("cup.db"));
  store.set_meta("file_opens_at", "");
  store.set_meta("file_closes_at", "");
  EXPECT_EQ(read_schedule(store).resets, 0U);
  for (const auto& [key, value] :
       {std::pair{"resets", "abc"}, std::pair{"resets", "1x"}, std::pair{"resets", "-1"},
        std::pair{"closes_at", "9223372036854775807"}, std::pair{"opens_at", "soon"},
        std::pair{"announcement", "a\x1b[2Jb"}}) {
    store.set_meta(key, value);
    EXPECT_THROW(read_schedule(store), store_error) << key << " = " << value;
    store.set_meta(key, std::string(key) == "resets" ? "0" : "");
  }
  EXPECT_EQ(read_schedule(store), competition_schedule{});
}

TEST(schedule_test, a_file_does_not_open_again_a_competition_whose_mazes_are_published) {
  testing::temp_dir dir;
  const std::string db = dir.file("cup.db");
  const auto rules = [](const std::string& closes) {
    return parse_competition(R"({"name": "cup", "closes_at": ")" + closes + R"(",
        "challenges": [{"id": "a", "maze": {"generator": "prim", "width": 8, "height": 8}}]})",
                             maze_catalog{}, host_limits{});
  };
  {
    auto opened = open_competition(rules("2026-01-01T00:00:00Z"), db, {});
    ASSERT_TRUE(opened.store->add_competitor("ann", "hash", 1));
    ranked_run_record run;
    run.competitor = opened.store->competitors().front().id;
    run.challenge = "a";
    run.deal = run.attempt = 1;
    run.status = ranked_status::found;
    run.started_at_ms = unix_ms(*parse_time("2025-12-31T00:00:00Z"));
    run.run = 1;
    opened.store->insert_run(run);
  }
  EXPECT_THROW(open_competition(rules("2199-01-01T00:00:00Z"), db, {}), competition_error);
  EXPECT_NO_THROW(open_competition(rules("2026-02-01T00:00:00Z"), db, {}));  // still closed
}

TEST(schedule_test, each_reset_deals_from_another_secret) {
  EXPECT_EQ(secret_after_resets("s", 0), "s");
  EXPECT_NE(secret_after_resets("s", 1), "s");
  EXPECT_NE(secret_after_resets("s", 1), secret_after_resets("s", 2));
}

}  // namespace
}  // namespace ariadne
