#include "server/competition/attempt_claims.hpp"

#include <gtest/gtest.h>

#include <future>
#include <memory>
#include <utility>

#include "server/store/sqlite_store.hpp"
#include "server/store/store_error.hpp"
#include "tests/support/temp_dir.hpp"

namespace ariadne {
namespace {

// A database that takes everything but a hand-off (out of reach at that
// moment, and for longer than the writer tries).
class hand_off_fails : public sqlite_store {
 public:
  using sqlite_store::sqlite_store;
  bool hand_off_run(std::uint64_t, std::string_view, std::string_view, std::string_view) override {
    throw store_error("planted: the database does not answer");
  }
};

ranked_run_record in_play(std::int64_t competitor, std::uint64_t run, std::string node) {
  ranked_run_record r;
  r.competitor = competitor;
  r.competitor_name = competitor == 1 ? "ann" : "bo";
  r.challenge = "a";
  r.deal = r.attempt = 1;
  r.status = ranked_status::in_play;
  r.started_at_ms = 1000;
  r.run = run;
  r.node = std::move(node);
  return r;
}

// A hand-off that cannot be written leaves the run neither moved nor in
// play here for ever: its attempt is given back, unless the run is no
// longer this server's in the store (the hand-off landed after all).
TEST(attempt_claims, a_hand_off_not_written_gives_its_attempt_back) {
  testing::temp_dir dir;
  const std::string path = dir.file("cup.db");
  const auto ann = in_play(1, 7, "a");
  const auto bo = in_play(2, 8, "b");  // its row already the other server's
  {
    sqlite_store setup(path);
    setup.begin();
    setup.add_competitor("ann", "hash-ann", 1);
    setup.add_competitor("bo", "hash-bo", 1);
    setup.insert_run(ann);
    setup.insert_run(bo);
    setup.commit();
  }
  const competition_rules rules = parse_competition(R"({"name": "cup", "challenges": [
      {"id": "a", "maze": {"generator": "prim", "width": 8, "height": 8}}]})",
                                                    maze_catalog{}, host_limits{});
  ledger books(rules, "a", results_mirror{}, competition_schedule{});
  store_writer writer(std::make_unique<hand_off_fails>(path));
  // Another server beats on the store: the claims lock their competitor.
  node_presence presence(server_node{"a", "boot"}, writer, 2);
  attempt_claims claims(rules, books, writer, presence);
  std::promise<bool> ann_handed;
  std::promise<bool> bo_handed;
  claims.hand_off(ann, "", "b", [&](bool handed) { ann_handed.set_value(handed); });
  claims.hand_off(bo, "", "b", [&](bool handed) { bo_handed.set_value(handed); });
  EXPECT_FALSE(ann_handed.get_future().get());
  EXPECT_FALSE(bo_handed.get_future().get());
  // Queued after the give-backs, which the failed hand-offs queued.
  std::optional<ranked_run_record> ann_row;
  std::optional<ranked_run_record> bo_row;
  std::promise<void> read;
  writer.read(
      [&](results_store& store) {
        ann_row = store.run_by_number(7);
        bo_row = store.run_by_number(8);
      },
      [&](bool) { read.set_value(); });
  read.get_future().get();
  ASSERT_TRUE(ann_row && bo_row);
  EXPECT_EQ(ann_row->status, ranked_status::interrupted);
  EXPECT_EQ(bo_row->status, ranked_status::in_play);
  EXPECT_EQ(bo_row->node, "b");
}

// A database whose first commit lands but whose answer is lost (the
// connection cut right after PostgreSQL committed): the writer runs the
// batch again.
class first_commit_answer_lost : public sqlite_store {
 public:
  using sqlite_store::sqlite_store;
  void commit() override {
    sqlite_store::commit();
    if (std::exchange(lose_, false)) throw store_error("planted: the commit's answer was lost");
  }
  void rollback() override {
    // Nothing is open after a commit that landed.
  }

 private:
  bool lose_ = true;
};

// Run again, each job finds its own write and takes it for done: a claim
// does not deal again (the deal never shown would stay charged and in play,
// and hold back the reveal), a hand-off is handed, an end is written.
TEST(attempt_claims, a_job_run_again_after_a_lost_commit_answer_finds_its_own_write) {
  testing::temp_dir dir;
  const std::string path = dir.file("cup.db");
  {
    sqlite_store setup(path);
    setup.begin();
    setup.add_competitor("ann", "hash-ann", 1);
    setup.commit();
  }
  const competition_rules rules = parse_competition(R"({"name": "cup", "challenges": [
      {"id": "a", "maze": {"generator": "prim", "width": 8, "height": 8}, "attempts": 3}]})",
                                                    maze_catalog{}, host_limits{});
  ledger books(rules, "a", results_mirror{}, competition_schedule{});
  store_writer writer(std::make_unique<first_commit_answer_lost>(path));
  node_presence presence(server_node{"a", "boot"}, writer, 2);
  attempt_claims claims(rules, books, writer, presence);
  std::promise<attempt_claims::claim> claimed;
  claims.claim_start(in_play(1, 9, "a"),
                     [&](attempt_claims::claim outcome) { claimed.set_value(outcome); });
  EXPECT_EQ(claimed.get_future().get(), attempt_claims::claim::claimed);
  std::vector<ranked_run_record> rows;
  std::promise<void> read;
  writer.read([&](results_store& store) { rows = store.runs_of(1); },
              [&](bool) { read.set_value(); });
  read.get_future().get();
  ASSERT_EQ(rows.size(), 1U);
  EXPECT_EQ(rows[0].run, 9U);
  EXPECT_EQ(rows[0].status, ranked_status::in_play);
  // The hand-off of that run, its first commit's answer lost too.
  store_writer again(std::make_unique<first_commit_answer_lost>(path));
  node_presence also(server_node{"a", "boot"}, again, 2);
  attempt_claims claims_again(rules, books, again, also);
  std::promise<bool> handed;
  claims_again.hand_off(rows[0], "", "b", [&](bool done) { handed.set_value(done); });
  EXPECT_TRUE(handed.get_future().get());
  // Its end, the first commit's answer lost: ranked, as the database has it
  // (its competitor was told "not ranked").
  store_writer third(std::make_unique<first_commit_answer_lost>(path));
  node_presence b(server_node{"b", "boot"}, third, 2);
  attempt_claims claims_on_b(rules, books, third, b);
  ranked_run_record ended = rows[0];
  ended.status = ranked_status::found;
  ended.steps = ended.score = 30;
  ended.ended_at_ms = 5000;
  std::promise<bool> written;
  claims_on_b.record_end(ended, [&](bool durable) { written.set_value(durable); });
  EXPECT_TRUE(written.get_future().get());
  EXPECT_EQ(claims_on_b.owed(), 0U);
}

// A database that takes everything but a run's end.
class end_fails : public sqlite_store {
 public:
  using sqlite_store::sqlite_store;
  void finish_run(const ranked_run_record&) override {
    throw store_error("planted: the database does not answer");
  }
};

// An end that could not be written (its competitor told "not ranked") is
// owed: its attempt is given back once the store answers, and nothing is
// left in play in the store for ever, holding back the reveal.
TEST(attempt_claims, an_end_not_written_is_given_back_later) {
  testing::temp_dir dir;
  const std::string path = dir.file("cup.db");
  const auto ann = in_play(1, 7, "a");
  {
    sqlite_store setup(path);
    setup.begin();
    setup.add_competitor("ann", "hash-ann", 1);
    setup.insert_run(ann);
    setup.commit();
  }
  const competition_rules rules = parse_competition(R"({"name": "cup", "challenges": [
      {"id": "a", "maze": {"generator": "prim", "width": 8, "height": 8}}]})",
                                                    maze_catalog{}, host_limits{});
  ledger books(rules, "a", results_mirror{}, competition_schedule{});
  store_writer writer(std::make_unique<end_fails>(path));
  node_presence presence(server_node{"a", "boot"}, writer, 1);
  attempt_claims claims(rules, books, writer, presence);
  auto ended = ann;
  ended.status = ranked_status::found;
  std::promise<bool> written;
  claims.record_end(ended, [&](bool durable) { written.set_value(durable); });
  EXPECT_FALSE(written.get_future().get());
  EXPECT_EQ(claims.owed(), 1U);
  claims.settle_owed();
  writer.wait_idle();
  EXPECT_EQ(claims.owed(), 0U);
  std::optional<ranked_run_record> row;
  std::promise<void> read;
  writer.read([&](results_store& store) { row = store.run_by_number(7); },
              [&](bool) { read.set_value(); });
  read.get_future().get();
  ASSERT_TRUE(row);
  EXPECT_EQ(row->status, ranked_status::interrupted);
}

// A set's maze in play on a server that died refused the set's next start
// (run_active) until a living server gave the dead one's runs back, 12 s
// after its last beat; the bundled bot gave up meanwhile. The recheck of a
// refused start gives it back as soon as that server is silent.
TEST(attempt_claims, a_set_cut_by_a_dead_server_is_given_back_when_its_competitor_starts) {
  testing::temp_dir dir;
  const std::string path = dir.file("cup.db");
  {
    sqlite_store setup(path);
    setup.begin();
    setup.add_competitor("ann", "hash-ann", 1);
    auto first = in_play(1, 7, "b");
    setup.insert_run(first);
    auto second = in_play(1, 8, "b");  // maze 2, in play on b
    second.deal = 2;
    setup.insert_run(second);
    setup.beat("b", "boot-b", 1000);  // b's last beat, long ago
    setup.commit();
    first.status = ranked_status::found;
    first.steps = first.score = 20;
    first.ended_at_ms = 2000;
    setup.finish_run(first);
  }
  const competition_rules rules = parse_competition(R"({"name": "cup", "challenges": [
      {"id": "a", "maze": {"generator": "prim", "width": 8, "height": 8}, "mazes": 3,
       "attempts": 2}]})",
                                                    maze_catalog{}, host_limits{});
  ledger books(rules, "a", results_mirror{}, competition_schedule{});
  store_writer writer(std::make_unique<sqlite_store>(path));
  node_presence presence(server_node{"a", "boot"}, writer, 2);
  attempt_claims claims(rules, books, writer, presence);
  std::promise<void> read;
  claims.read_back_now(1, "a", [&] { read.set_value(); });
  read.get_future().get();
  const auto dealt = books.deal({1, "ann"}, *rules.find("a"), std::chrono::system_clock::now());
  ASSERT_TRUE(std::holds_alternative<ledger::dealing>(dealt))
      << std::get<request_error>(dealt).message;
  const auto& d = std::get<ledger::dealing>(dealt).dealt;
  EXPECT_TRUE(d.new_attempt);
  EXPECT_EQ(d.attempt, 1U);  // the attempt cut is not counted
  EXPECT_EQ(d.deal, 4U);     // a new block: the mazes of the cut one stay unshown
}

}  // namespace
}  // namespace ariadne
