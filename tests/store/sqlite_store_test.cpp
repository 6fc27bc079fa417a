#include "server/store/sqlite_store.hpp"

#include <gtest/gtest.h>

#include <sqlite3.h>

#include <filesystem>

#include "server/store/store_error.hpp"

namespace ariadne {
namespace {

std::string fresh_db(const std::string& name) {
  const auto path = std::filesystem::temp_directory_path() / ("ariadne-store-" + name + ".db");
  for (const char* suffix : {"", "-wal", "-shm"})
    std::filesystem::remove(path.string() + suffix);
  return path.string();
}

TEST(sqlite_store, competitors_tokens_and_revocation) {
  sqlite_store store(fresh_db("competitors"));
  EXPECT_TRUE(store.add_competitor("ann", "hash1", 5));
  EXPECT_FALSE(store.add_competitor("ann", "hash2", 6));  // the name is taken
  EXPECT_EQ(store.competitor_by_token("hash1")->name, "ann");
  EXPECT_FALSE(store.competitor_by_token("hash2"));
  EXPECT_TRUE(store.revoke("ann"));
  EXPECT_FALSE(store.competitor_by_token("hash1"));
  EXPECT_TRUE(store.set_token("ann", "hash3"));  // restores
  EXPECT_EQ(store.competitor_by_token("hash3")->name, "ann");
  EXPECT_FALSE(store.competitor_by_token("hash1"));
  EXPECT_FALSE(store.set_token("nobody", "x"));
  EXPECT_EQ(store.competitors().size(), 1U);
}

TEST(sqlite_store, runs_start_end_and_interruption_survive_reopening) {
  const std::string path = fresh_db("runs");
  {
    sqlite_store store(path);
    ASSERT_TRUE(store.add_competitor("ann", "h", 1));
    const auto id = store.competitors()[0].id;
    ranked_run_record r;
    r.competitor = id;
    r.challenge = "a";
    r.deal = 1;
    r.attempt = 1;
    r.status = "in_play";
    r.started_at_ms = 10;
    store.begin();
    store.insert_run(r);
    store.commit();
    r.status = "found";
    r.steps = 12;
    r.score = 12;
    r.optimal = 6;
    r.ratio = 0.5;
    r.ended_at_ms = 20;
    store.finish_run(r);
    r.deal = 2;
    r.attempt = 2;
    r.status = "in_play";
    store.insert_run(r);
    EXPECT_THROW(store.insert_run(r), store_error);  // the same deal twice
    ranked_run_record ghost = r;
    ghost.deal = 9;
    EXPECT_THROW(store.finish_run(ghost), store_error);
  }
  sqlite_store store(path);
  EXPECT_EQ(store.interrupt_in_play(30, true), 1U);
  const auto runs = store.runs();
  ASSERT_EQ(runs.size(), 2U);
  EXPECT_EQ(runs[0].status, "found");
  EXPECT_EQ(runs[0].competitor_name, "ann");
  EXPECT_EQ(runs[0].steps, 12U);
  EXPECT_EQ(runs[1].status, "interrupted");
  EXPECT_EQ(runs[1].ended_at_ms, 30);
  EXPECT_EQ(store.integrity_check(), "ok");
  sqlite_store reader(path, sqlite_store::access::read_only);
  EXPECT_EQ(reader.runs().size(), 2U);
  EXPECT_THROW(reader.set_meta("k", "v"), store_error);
}

TEST(sqlite_store, a_crash_in_a_set_interrupts_its_whole_attempt) {
  const std::string path = fresh_db("sets");
  sqlite_store store(path);
  ASSERT_TRUE(store.add_competitor("ann", "h", 1));
  ranked_run_record r;
  r.competitor = store.competitors()[0].id;
  r.challenge = "s";
  r.attempt = 1;
  const auto put = [&](std::uint32_t deal, std::string status, std::int64_t ended) {
    r.deal = deal;
    r.status = "in_play";
    r.started_at_ms = ended - 5;
    r.reference = 40 + deal;
    store.insert_run(r);
    if (status == "in_play") return;
    r.status = std::move(status);
    r.ended_at_ms = ended;
    store.finish_run(r);
  };
  put(1, "found", 10);  // attempt 1, a set of 3: ended
  put(2, "found", 20);
  put(3, "found", 30);
  r.attempt = 2;  // attempt 2: maze 1 ended, maze 2 in play at the crash
  put(4, "exhausted", 40);
  put(5, "in_play", 50);
  EXPECT_EQ(store.interrupt_in_play(60, true), 2U);
  const auto runs = store.runs();
  ASSERT_EQ(runs.size(), 5U);
  for (std::size_t i = 0; i < 3; ++i)
    EXPECT_EQ(runs[i].status, "found");
  EXPECT_EQ(runs[3].status, "interrupted");
  EXPECT_EQ(runs[3].ended_at_ms, 40);  // its own end, kept
  EXPECT_EQ(runs[4].status, "interrupted");
  EXPECT_EQ(runs[4].ended_at_ms, 60);
  EXPECT_EQ(runs[2].reference, 43U);  // kept for the reference mark
  // After the close an attempt given back could not be played again: only
  // the maze in play is interrupted, the set's others keep their results.
  r.attempt = 3;
  put(6, "found", 70);
  put(7, "in_play", 80);
  EXPECT_EQ(store.interrupt_in_play(90, false), 1U);
  const auto closed = store.runs();
  EXPECT_EQ(closed[5].status, "found");
  EXPECT_EQ(closed[6].status, "interrupted");
}

TEST(sqlite_store, a_database_older_than_reference_marks_is_read_and_migrated) {
  const std::string path = fresh_db("old");
  {
    sqlite_store store(path);
    ASSERT_TRUE(store.add_competitor("ann", "h", 1));
    ranked_run_record r;
    r.competitor = store.competitors()[0].id;
    r.challenge = "a";
    r.deal = r.attempt = 1;
    r.status = "in_play";
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

TEST(sqlite_store, meta_and_challenges) {
  sqlite_store store(fresh_db("meta"));
  EXPECT_FALSE(store.meta("secret"));
  store.set_meta("secret", "s1");
  store.set_meta("secret", "s2");
  EXPECT_EQ(*store.meta("secret"), "s2");
  store.put_challenge({"b", 1, 2.0, "{\"x\":1}"});
  store.put_challenge({"a", 0, 1.0, "{}"});
  const auto list = store.challenges();
  ASSERT_EQ(list.size(), 2U);
  EXPECT_EQ(list[0].id, "a");
  EXPECT_DOUBLE_EQ(list[1].weight, 2.0);
}

TEST(sqlite_store, a_missing_folder_is_a_clear_error) {
  EXPECT_THROW(sqlite_store("/nonexistent/folder/x.db"), store_error);
}

}  // namespace
}  // namespace ariadne
