// The schedule as the store keeps it, and as a server opening its database
// reads it.
#include "server/competition/schedule_store.hpp"

#include <gtest/gtest.h>

#include "core/model/utc_time.hpp"
#include "server/competition/competition_opening.hpp"
#include "server/store/sqlite_store.hpp"
#include "server/store/store_error.hpp"
#include "tests/support/temp_dir.hpp"

namespace ariadne {
namespace {

TEST(schedule_store, a_damaged_value_stops_the_read_instead_of_a_silent_fallback) {
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

TEST(schedule_store, a_file_does_not_open_again_a_competition_whose_mazes_are_published) {
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

}  // namespace
}  // namespace ariadne
