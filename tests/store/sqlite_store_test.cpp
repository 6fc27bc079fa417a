#include "server/store/sqlite_store.hpp"

#include <gtest/gtest.h>

#include <sqlite3.h>

#include <filesystem>

#include "server/store/store_error.hpp"
#include "tests/support/store_scratch.hpp"

namespace ariadne {
namespace {

TEST(sqlite_store, a_database_older_than_reference_marks_is_read_and_migrated) {
  const std::string path = test::fresh_sqlite_file("old");
  {
    sqlite_store store(path);
    ASSERT_TRUE(store.add_competitor("ann", "h", 1));
    ranked_run_record r;
    r.competitor = store.competitors()[0].id;
    r.challenge = "a";
    r.deal = r.attempt = 1;
    r.status = ranked_status::in_play;
    r.run = 7;
    store.insert_run(r);
  }
  // As a server of the days before reference marks left it.
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(raw, "ALTER TABLE runs DROP COLUMN reference", nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(raw);
  {
    // ariadne-admin reads it as it is.
    sqlite_store reader(path, sqlite_store::access::read_only);
    ASSERT_EQ(reader.runs().size(), 1U);
    EXPECT_EQ(reader.runs()[0].reference, 0U);
    EXPECT_EQ(reader.run_by_number(7)->run, 7U);
  }
  // The server adds the column.
  sqlite_store store(path);
  EXPECT_EQ(store.runs()[0].reference, 0U);
  sqlite_store reader(path, sqlite_store::access::read_only);
  EXPECT_EQ(reader.run_by_number(7)->challenge, "a");
}

TEST(sqlite_store, a_database_from_before_schema_versions_is_versioned_and_checked) {
  const std::string path = test::fresh_sqlite_file("unversioned");
  {
    sqlite_store store(path);
    ASSERT_TRUE(store.add_competitor("ann", "h", 1));
  }
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
  ASSERT_EQ(
      sqlite3_exec(raw, "DELETE FROM meta WHERE key = 'schema_version'", nullptr, nullptr, nullptr),
      SQLITE_OK);
  sqlite3_close(raw);
  sqlite_store store(path);
  EXPECT_EQ(store.meta("schema_version"), std::to_string(store_schema_version));
  EXPECT_EQ(store.competitors().size(), 1U);
  EXPECT_EQ(store.integrity_check(), "ok");
}

TEST(sqlite_store, a_missing_folder_is_a_clear_error) {
  EXPECT_THROW(sqlite_store("/nonexistent/folder/x.db"), store_error);
}

}  // namespace
}  // namespace ariadne
