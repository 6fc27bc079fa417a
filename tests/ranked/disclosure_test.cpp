#include "server/ranked/disclosure.hpp"

#include <gtest/gtest.h>

#include "server/competition/competition_hub.hpp"
#include "tests/support/temp_dir.hpp"

namespace ariadne {
namespace {

using std::chrono::hours;

TEST(disclosure, practice_runs_are_always_shown_ranked_ones_after_the_close) {
  const auto now = std::chrono::system_clock::now();
  // A practice server shows every run; it has no ranked one to hide.
  EXPECT_TRUE(may_show_run(nullptr, false, now));
  EXPECT_FALSE(may_show_run(nullptr, true, now));
  testing::temp_dir dir;
  const auto day = std::chrono::floor<std::chrono::seconds>(now);
  competition_hub hub(
      parse_competition(R"({"name": "cup", "closes_at": ")" + format_time(day + hours(1)) +
                            R"(", "challenges": [{"id": "a", "maze": {"generator": "prim"}}]})",
                        maze_catalog{}, host_limits{}),
      dir.file("db"));
  EXPECT_TRUE(may_show_run(&hub, false, now));
  EXPECT_FALSE(may_show_run(&hub, true, now));
  EXPECT_TRUE(may_show_run(&hub, true, now + hours(2)));
  // A ranked run still in play keeps every ranked run hidden (with shared
  // seeds, an ended run's maze may be a live run's too).
  auto playing = hub.open_attempt(competitor_record{1, "alice"}, "a", now);
  ASSERT_TRUE(std::holds_alternative<competition_hub::attempt>(playing));
  EXPECT_FALSE(may_show_run(&hub, true, now + hours(2)));
  EXPECT_TRUE(may_show_run(&hub, false, now + hours(2)));
}

}  // namespace
}  // namespace ariadne
