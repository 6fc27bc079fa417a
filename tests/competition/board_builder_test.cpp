#include "server/competition/board_builder.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/model/utc_time.hpp"
#include "server/store/sqlite_store.hpp"
#include "server/store/store_writer.hpp"
#include "tests/support/temp_dir.hpp"

namespace ariadne {
namespace {

using json = nlohmann::json;

// A competition of one challenge on a SQLite file: its books, this server
// alone on the store (or beside another), and the documents built from them.
class board_builder_test : public ::testing::Test {
 protected:
  board_builder_test() {
    sqlite_store setup(path_);
    setup.add_competitor("ann", "hash-ann", 1);
    ann_ = setup.competitors().front();
  }

  // A run of ann's ended with `score` (optimal 10), written to the store.
  ranked_run_record ended(std::uint32_t attempt, std::uint64_t score) {
    ranked_run_record r;
    r.competitor = ann_.id;
    r.competitor_name = "ann";
    r.challenge = "a";
    r.deal = r.attempt = attempt;
    r.run = attempt;
    r.status = ranked_status::found;
    r.steps = r.score = score;
    r.optimal = 10;
    r.ratio = 10.0 / static_cast<double>(score);
    r.found = r.treasures = 1;
    r.started_at_ms = 1000 * attempt;
    r.ended_at_ms = 1000 * attempt + 500;
    return r;
  }

  json board(board_builder& builder) {
    sqlite_store reader(path_, store_access::read_only);
    return json::parse(*builder.rebuild(reader).board_json);
  }

  testing::temp_dir dir_;
  std::string path_ = dir_.file("cup.db");
  competitor_record ann_;
  competition_rules rules_ = parse_competition(R"({"name": "cup", "seeds": "per_competitor",
      "challenges": [{"id": "a", "maze": {"generator": "prim", "width": 8, "height": 8},
                      "attempts": 3}]})",
                                               maze_catalog{}, host_limits{});
  std::string secret_ = "s";
  competitor_names names_;
};

TEST_F(board_builder_test, alone_it_ranks_from_the_ledgers_marks) {
  ledger books(rules_, "a", results_mirror{}, competition_schedule{});
  store_writer writer(std::make_unique<sqlite_store>(path_));
  node_presence alone(server_node{"a", "boot"}, writer, 1);
  board_builder builder(rules_, secret_, books, alone, names_);
  // Ended here, and counted in the ledger (not in the store: alone, the
  // board does not read the store's runs).
  books.record_end(ended(1, 40));
  const json first = board(builder);
  EXPECT_FALSE(builder.reads_store());
  ASSERT_EQ(first["rows"].size(), 1U);
  EXPECT_EQ(first["rows"][0]["competitor"], "ann");
  const double mark = first["rows"][0]["challenges"]["a"]["mark"].get<double>();
  EXPECT_GT(mark, 0.0);
  EXPECT_TRUE(names_.contains("ANN"));  // the competitor list, read again
  // A better run marks again what changed.
  books.record_end(ended(2, 10));
  EXPECT_GT(board(builder)["rows"][0]["challenges"]["a"]["mark"].get<double>(), mark);
}

TEST_F(board_builder_test, with_another_server_it_ranks_from_the_stores_runs) {
  {
    sqlite_store other(path_);
    other.beat("b", "boot-b", unix_ms(std::chrono::system_clock::now()));
    ranked_run_record started = ended(1, 40);
    started.status = ranked_status::in_play;
    other.insert_run(started);
    other.finish_run(ended(1, 40));
  }
  ledger books(rules_, "a", results_mirror{}, competition_schedule{});
  store_writer writer(std::make_unique<sqlite_store>(path_));
  node_presence shared(server_node{"a", "boot"}, writer, 2);
  board_builder builder(rules_, secret_, books, shared, names_);
  const json first = board(builder);
  EXPECT_TRUE(builder.reads_store());
  ASSERT_EQ(first["rows"].size(), 1U);
  EXPECT_GT(first["rows"][0]["challenges"]["a"]["mark"].get<double>(), 0.0);
  // The ledger was shown the store's books: its counts are every server's.
  EXPECT_EQ(books.counts().ranked, 1U);
}

TEST_F(board_builder_test, a_schedule_changed_in_the_store_reaches_the_ledger) {
  ledger books(rules_, "a", results_mirror{}, competition_schedule{});
  store_writer writer(std::make_unique<sqlite_store>(path_));
  node_presence alone(server_node{"a", "boot"}, writer, 1);
  board_builder builder(rules_, secret_, books, alone, names_);
  {
    sqlite_store admin(path_);
    competition_schedule s;
    s.closes_at = from_unix_ms(unix_ms(std::chrono::system_clock::now()) - 1000);
    s.announcement = "closed early";
    write_schedule(admin, s);
  }
  board(builder);
  EXPECT_EQ(books.schedule().announcement, "closed early");
  EXPECT_TRUE(books.schedule().closed(std::chrono::system_clock::now()));
  // After the close, /api/competition reveals the seeds dealt.
  sqlite_store reader(path_, store_access::read_only);
  EXPECT_EQ(json::parse(*builder.rebuild(reader).competition_json)["state"], "closed");
}

TEST(schedule_reader, a_damaged_value_keeps_the_schedule_in_force) {
  testing::temp_dir dir;
  sqlite_store store(dir.file("cup.db"));
  schedule_reader reader;
  EXPECT_TRUE(reader.read(store));
  store.set_meta("closes_at", "soon");
  EXPECT_FALSE(reader.read(store));
  EXPECT_FALSE(reader.read(store));  // said once in the log, read again each time
  store.set_meta("closes_at", "");
  EXPECT_TRUE(reader.read(store));
}

}  // namespace
}  // namespace ariadne
