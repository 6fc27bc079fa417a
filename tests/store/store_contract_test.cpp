// What every results_store does, run against SQLite and a real PostgreSQL
// (tests/support/postgres.py starts one for ctest's store.postgres).
#include <gtest/gtest.h>

#include <algorithm>
#include <future>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "server/store/store_copy.hpp"
#include "server/store/store_error.hpp"
#include "server/store/store_location.hpp"
#include "server/store/store_writer.hpp"
#include "tests/support/store_scratch.hpp"

namespace ariadne {
namespace {

class store_contract : public ::testing::TestWithParam<store_location::kind> {
 protected:
  // A new, empty store; open() opens it (again).
  void fresh(const std::string& name) { db_ = test::fresh_store(GetParam(), "contract_" + name); }
  // The record of a run in play on challenge "a" of ann, a competitor added now.
  static ranked_run_record ann_in_play(results_store& store) {
    EXPECT_TRUE(store.add_competitor("ann", "h", 1));
    ranked_run_record r;
    r.competitor = store.competitors()[0].id;
    r.challenge = "a";
    r.status = ranked_status::in_play;
    return r;
  }
  std::unique_ptr<results_store> open(store_access mode = store_access::read_write) {
    return open_store(parse_store_location(db_), mode);
  }
  std::string db_;
};

TEST_P(store_contract, competitors_tokens_and_revocation) {
  fresh("competitors");
  auto store = open();
  EXPECT_TRUE(store->add_competitor("ann", "hash1", 5));
  EXPECT_FALSE(store->add_competitor("ann", "hash2", 6));  // the name is taken
  EXPECT_FALSE(store->add_competitor("bob", "hash1", 6));  // so is the token
  EXPECT_EQ(store->competitor_by_token("hash1")->name, "ann");
  EXPECT_EQ(store->competitor_by_token("hash1")->created_at_ms, 5);
  EXPECT_FALSE(store->competitor_by_token("hash2"));
  EXPECT_TRUE(store->revoke("ann"));
  EXPECT_FALSE(store->revoke("nobody"));
  EXPECT_FALSE(store->competitor_by_token("hash1"));
  EXPECT_TRUE(store->competitors()[0].revoked);
  EXPECT_TRUE(store->set_token("ann", "hash3"));  // restores
  EXPECT_EQ(store->competitor_by_token("hash3")->name, "ann");
  EXPECT_FALSE(store->competitor_by_token("hash1"));
  EXPECT_FALSE(store->set_token("nobody", "x"));
  ASSERT_EQ(store->competitors().size(), 1U);
  EXPECT_FALSE(store->competitors()[0].revoked);
  EXPECT_EQ(store->competitors()[0].token_hash, "hash3");
}

TEST_P(store_contract, runs_start_end_and_interruption_survive_reopening) {
  fresh("runs");
  {
    auto store = open();
    ASSERT_TRUE(store->add_competitor("ann", "h", 1));
    const auto id = store->competitors()[0].id;
    ranked_run_record r;
    r.competitor = id;
    r.challenge = "a";
    r.deal = 1;
    r.attempt = 1;
    r.status = ranked_status::in_play;
    r.started_at_ms = 10;
    r.run = 41;
    r.reference = 77;
    r.bot = "tremaux";
    store->begin();
    store->insert_run(r);
    store->commit();
    r.status = ranked_status::found;
    r.steps = 12;
    r.bumps = 1;
    r.score = 13;
    r.optimal = 6;
    r.ratio = 6.0 / 13.0;  // every bit of a double comes back
    r.found = 1;
    r.treasures = 1;
    r.ended_at_ms = 20;
    r.moves = "EESSW";
    store->finish_run(r);
    ranked_run_record with_moves = *store->run_by_number(41);
    with_moves.competitor_name.clear();
    EXPECT_EQ(with_moves, r);
    r.deal = 2;
    r.attempt = 2;
    r.status = ranked_status::in_play;
    r.run = 42;
    EXPECT_TRUE(store->insert_run(r));
    EXPECT_FALSE(store->insert_run(r));  // the same deal twice: taken, unchanged
    ranked_run_record ghost = r;
    ghost.deal = 9;
    EXPECT_THROW(store->finish_run(ghost), store_error);
  }
  auto store = open();
  EXPECT_EQ(store->last_run_number(), 42U);
  EXPECT_EQ(store->interrupt_in_play(30, true, "", 0), 1U);
  const auto runs = store->runs();
  ASSERT_EQ(runs.size(), 2U);
  EXPECT_EQ(runs[0].status, ranked_status::found);
  EXPECT_EQ(runs[0].competitor_name, "ann");
  EXPECT_EQ(runs[0].steps, 12U);
  EXPECT_EQ(runs[0].ratio, 6.0 / 13.0);
  EXPECT_EQ(runs[0].reference, 77U);
  EXPECT_EQ(runs[0].bot, "tremaux");
  EXPECT_TRUE(runs[0].moves.empty());  // runs() leaves the moves out
  EXPECT_EQ(runs[1].status, ranked_status::interrupted);
  EXPECT_EQ(runs[1].ended_at_ms, 30);
  EXPECT_FALSE(store->run_by_number(0));
  EXPECT_FALSE(store->run_by_number(43));
  auto reader = open(store_access::read_only);
  EXPECT_EQ(reader->runs().size(), 2U);
  EXPECT_THROW(reader->set_meta("k", "v"), store_error);
}

TEST_P(store_contract, a_reset_keeps_the_run_numbers) {
  fresh("reset");
  auto store = open();
  ASSERT_TRUE(store->add_competitor("ann", "h", 1));
  ranked_run_record r;
  r.competitor = store->competitors()[0].id;
  r.challenge = "a";
  r.deal = r.attempt = 1;
  r.status = ranked_status::in_play;
  r.run = 9;
  store->insert_run(r);
  EXPECT_EQ(store->delete_runs(), 1U);
  EXPECT_TRUE(store->runs().empty());
  EXPECT_EQ(store->last_run_number(), 9U);
  EXPECT_EQ(open()->last_run_number(), 9U);
}

TEST_P(store_contract, a_crash_in_a_set_interrupts_its_whole_attempt) {
  fresh("sets");
  auto store = open();
  ASSERT_TRUE(store->add_competitor("ann", "h", 1));
  ranked_run_record r;
  r.competitor = store->competitors()[0].id;
  r.challenge = "s";
  r.attempt = 1;
  const auto put = [&](std::uint32_t deal, std::string status, std::int64_t ended) {
    r.deal = deal;
    r.status = ranked_status::in_play;
    r.started_at_ms = ended - 5;
    r.reference = 40 + deal;
    store->insert_run(r);
    if (status == "in_play") return;
    r.status = *ranked_status_names.parse(status);
    r.ended_at_ms = ended;
    store->finish_run(r);
  };
  put(1, "found", 10);  // attempt 1, a set of 3: ended
  put(2, "found", 20);
  put(3, "found", 30);
  r.attempt = 2;  // attempt 2: maze 1 ended, maze 2 in play at the crash
  put(4, "exhausted", 40);
  put(5, "in_play", 50);
  EXPECT_EQ(store->interrupt_in_play(60, true, "", 0), 2U);
  const auto runs = store->runs();
  ASSERT_EQ(runs.size(), 5U);
  for (std::size_t i = 0; i < 3; ++i)
    EXPECT_EQ(runs[i].status, ranked_status::found);
  EXPECT_EQ(runs[3].status, ranked_status::interrupted);
  EXPECT_EQ(runs[3].ended_at_ms, 40);  // its own end, kept
  EXPECT_EQ(runs[4].status, ranked_status::interrupted);
  EXPECT_EQ(runs[4].ended_at_ms, 60);
  EXPECT_EQ(runs[2].reference, 43U);  // kept for the reference mark
  // After the close an attempt given back could not be played again: only
  // the maze in play is interrupted, the set's others keep their results.
  r.attempt = 3;
  put(6, "found", 70);
  put(7, "in_play", 80);
  EXPECT_EQ(store->interrupt_in_play(90, false, "", 0), 1U);
  const auto closed = store->runs();
  EXPECT_EQ(closed[5].status, ranked_status::found);
  EXPECT_EQ(closed[6].status, ranked_status::interrupted);
  // One attempt given back whole (its competitor moved to another server).
  r.attempt = 4;
  put(8, "found", 100);
  put(9, "in_play", 110);
  EXPECT_EQ(store->interrupt_attempt(r.competitor, "s", 4, 120), 2U);
  const auto moved = store->runs();
  EXPECT_EQ(moved[7].status, ranked_status::interrupted);
  EXPECT_EQ(moved[7].ended_at_ms, 100);
  EXPECT_EQ(moved[8].status, ranked_status::interrupted);
  EXPECT_EQ(moved[8].ended_at_ms, 120);
  EXPECT_EQ(moved[5].status, ranked_status::found);  // another attempt's, kept
}

TEST_P(store_contract, each_node_reads_the_runs_the_other_living_nodes_published) {
  fresh("node_runs");
  auto store = open();
  store->beat("one", "b1", 1000);
  store->beat("two", "b2", 1000);
  store->beat("three", "b3", 1000);
  store->publish_runs("one", 1000, "[1]");
  store->publish_runs("two", 1000, "[2]");
  store->publish_runs("three", 1000, "[3]");
  using known = std::map<std::string, std::int64_t, std::less<>>;
  const auto read = store->published_runs("one", 500, {});
  ASSERT_EQ(read.size(), 2U);
  EXPECT_EQ(read[0].node, "three");
  EXPECT_EQ(read[0].document, "[3]");
  EXPECT_EQ(read[1].node, "two");
  EXPECT_EQ(read[1].written_ms, 1000);
  EXPECT_EQ(read[1].document, "[2]");
  // The same document again keeps its version; a new one is read again.
  store->publish_runs("two", 2000, "[2]");
  store->publish_runs("three", 2000, "[3,4]");
  const auto again = store->published_runs("one", 500, known{{"two", 1000}, {"three", 1000}});
  ASSERT_EQ(again.size(), 2U);
  EXPECT_EQ(again[0].written_ms, 2000);
  EXPECT_EQ(again[0].document, "[3,4]");
  EXPECT_EQ(again[1].written_ms, 1000);
  EXPECT_EQ(again[1].document, "");  // known already
  // A node that stopped beating is not read.
  store->beat("one", "b1", 9000);
  store->beat("three", "b3", 9000);
  const auto living = store->published_runs("one", 5000, {});
  ASSERT_EQ(living.size(), 1U);
  EXPECT_EQ(living[0].node, "three");
}

TEST_P(store_contract, a_server_gives_back_its_own_runs_and_a_dead_nodes_never_a_living_ones) {
  fresh("nodes");
  auto store = open();
  ranked_run_record r = ann_in_play(*store);
  const auto put = [&](std::uint32_t deal, const std::string& node) {
    r.deal = r.attempt = deal;
    r.node = node;
    r.run = deal;
    ASSERT_TRUE(store->insert_run(r));
  };
  store->beat("one", "b1", 1000);
  store->beat("two", "b2", 1000);
  store->beat("two", "b3", 5000);  // a later start of two
  EXPECT_EQ(store->last_beat("two")->boot, "b3");
  EXPECT_EQ(store->last_beat("two")->seen_ms, 5000);
  EXPECT_FALSE(store->last_beat("three"));
  EXPECT_EQ(store->living_nodes(1000), (std::vector<std::string>{"one", "two"}));
  EXPECT_EQ(store->living_nodes(2000), (std::vector<std::string>{"two"}));
  put(1, "one");
  put(2, "two");
  put(3, "gone");  // a node that never beat here
  put(4, "");      // a run of a server before nodes
  // one starts again: its own, the unknown node's and the unnamed one's go
  // back; two beat at 5000, alive.
  EXPECT_EQ(store->interrupt_in_play(6000, true, "one", 4000), 3U);
  const auto before = store->runs();
  EXPECT_EQ(std::count_if(
                before.begin(), before.end(),
                [](const ranked_run_record& run) { return run.status == ranked_status::in_play; }),
            1);
  // Another server's sweep once two is dead (no beat since 5000).
  EXPECT_EQ(store->interrupt_in_play(30000, true, "", 20000), 1U);
  const auto runs = store->runs();
  ASSERT_EQ(runs.size(), 4U);
  EXPECT_EQ(runs[1].node, "two");
  EXPECT_EQ(store->runs_of(r.competitor), runs);
  EXPECT_TRUE(store->runs_of(r.competitor + 1).empty());
  for (const auto& run : runs)
    EXPECT_EQ(run.status, ranked_status::interrupted) << run.deal;
  // Seats: the latest hello wins.
  store->record_hello({r.competitor, "one", "b1"}, 100);
  store->record_hello({r.competitor, "two", "b3"}, 200);
  const auto seats = store->latest_hellos();
  ASSERT_EQ(seats.size(), 1U);
  EXPECT_EQ(seats[0].node, "two");
  EXPECT_EQ(seats[0].boot, "b3");
  ASSERT_TRUE(store->latest_hello_of(r.competitor));
  EXPECT_EQ(store->latest_hello_of(r.competitor)->node, "two");
  EXPECT_EQ(store->latest_hello_of(r.competitor)->boot, "b3");
  EXPECT_FALSE(store->latest_hello_of(r.competitor + 1));
  // A run given back cannot be finished any more: its result is refused.
  r.deal = 2;
  r.status = ranked_status::found;
  EXPECT_THROW(store->finish_run(r), store_error);
}

// A commit whose answer was lost is tried again: the same end finds its
// own write and succeeds; another end of the same run is still refused.
TEST_P(store_contract, the_same_end_written_again_is_no_error_and_another_is) {
  fresh("same_end");
  auto store = open();
  ranked_run_record r = ann_in_play(*store);
  r.deal = r.attempt = 1;
  r.run = 3;
  ASSERT_TRUE(store->insert_run(r));
  r.status = ranked_status::found;
  r.steps = 9;
  r.score = 9;
  r.found = r.treasures = 1;
  r.ended_at_ms = 70;
  store->finish_run(r);
  EXPECT_NO_THROW(store->finish_run(r));
  EXPECT_EQ(store->run_by_number(3)->steps, 9U);
  ranked_run_record other = r;
  other.steps = other.score = 11;
  EXPECT_THROW(store->finish_run(other), store_error);
  other = r;
  other.status = ranked_status::exhausted;
  EXPECT_THROW(store->finish_run(other), store_error);
  EXPECT_EQ(store->run_by_number(3)->status, ranked_status::found);
}

TEST_P(store_contract, a_run_in_play_is_handed_to_another_node_once_with_its_moves) {
  fresh("handoff");
  auto store = open();
  ranked_run_record r = ann_in_play(*store);
  r.deal = r.attempt = 1;
  r.node = "one";
  r.run = 7;
  ASSERT_TRUE(store->insert_run(r));
  EXPECT_FALSE(store->hand_off_run(7, "two", "three", "NE"));  // not two's to give
  EXPECT_FALSE(store->hand_off_run(8, "one", "two", "NE"));    // no such run
  EXPECT_TRUE(store->hand_off_run(7, "one", "two", "NEES"));
  EXPECT_FALSE(store->hand_off_run(7, "one", "three", "NEESW"));  // one holds it no more
  const auto handed = store->run_by_number(7);
  ASSERT_TRUE(handed);
  EXPECT_EQ(handed->node, "two");
  EXPECT_EQ(handed->moves, "NEES");
  EXPECT_EQ(handed->status, ranked_status::in_play);
  // Two plays it on and records its end as its own.
  r.status = ranked_status::found;
  r.node = "two";
  r.moves = "NEESS";
  r.steps = 5;
  r.ended_at_ms = 50;
  store->finish_run(r);
  EXPECT_EQ(store->run_by_number(7)->moves, "NEESS");
  EXPECT_FALSE(store->hand_off_run(7, "two", "one", "NEESS"));  // ended
}

// What a reader that keeps the runs needs: every write reaches it once it
// has committed, the writes of a transaction under way at the reading too.
TEST_P(store_contract, a_reader_of_the_changes_misses_no_write) {
  fresh("changes");
  auto store = open();
  ranked_run_record r = ann_in_play(*store);
  const auto put = [&](std::uint32_t deal) {
    r.deal = r.attempt = deal;
    r.run = deal;
    r.node = "one";
    r.status = ranked_status::in_play;
    ASSERT_TRUE(store->insert_run(r));
  };
  const auto deals = [](const results_store::changes& c) {
    std::vector<std::uint32_t> d;
    for (const ranked_run_record& run : c.runs)
      d.push_back(run.deal);
    return d;
  };
  put(1);
  put(2);
  auto reader = open(store_access::read_only);
  auto all = reader->runs_changed_since(0);
  EXPECT_EQ(deals(all), (std::vector<std::uint32_t>{1, 2}));
  EXPECT_EQ(all.runs[0].competitor_name, "ann");
  // Nothing written since: nothing read.
  auto none = reader->runs_changed_since(all.next);
  EXPECT_TRUE(none.runs.empty());
  EXPECT_GE(none.next, all.next);
  // An end, a hand-off, an interruption and a new run are each read.
  r.deal = r.attempt = 1;
  r.run = 1;
  r.status = ranked_status::found;
  r.steps = 9;
  r.ended_at_ms = 10;
  store->finish_run(r);
  auto ended = reader->runs_changed_since(none.next);
  ASSERT_EQ(deals(ended), (std::vector<std::uint32_t>{1}));
  EXPECT_EQ(ended.runs[0].status, ranked_status::found);
  EXPECT_EQ(ended.runs[0].steps, 9U);
  EXPECT_TRUE(store->hand_off_run(2, "one", "two", "N"));
  auto handed = reader->runs_changed_since(ended.next);
  ASSERT_EQ(deals(handed), (std::vector<std::uint32_t>{2}));
  EXPECT_EQ(handed.runs[0].node, "two");
  // A transaction under way while the reader reads: not seen then, seen
  // from the next reading on, however the numbers fell.
  store->begin();
  put(3);
  auto during = reader->runs_changed_since(handed.next);
  EXPECT_TRUE(during.runs.empty());
  store->commit();
  auto after = reader->runs_changed_since(during.next);
  EXPECT_EQ(deals(after), (std::vector<std::uint32_t>{3}));
  store->beat("one", "b1", 100);  // one lives: only two's run is given back
  EXPECT_EQ(store->interrupt_in_play(20, false, "two", 0), 1U);
  auto interrupted = reader->runs_changed_since(after.next);
  ASSERT_EQ(deals(interrupted), (std::vector<std::uint32_t>{2}));
  EXPECT_EQ(interrupted.runs[0].status, ranked_status::interrupted);
}

// Two writers at once, the older committing last: a reader between the
// commits reads the younger's write, and the older's at its next reading.
// SQLite has one writer at a time (the numbers follow the commits).
TEST_P(store_contract, a_write_committed_after_a_younger_one_is_read_too) {
  if (GetParam() == store_location::kind::sqlite) GTEST_SKIP() << "one writer at a time";
  fresh("out_of_order");
  auto older = open();
  ranked_run_record r = ann_in_play(*older);
  auto younger = open();
  auto reader = open(store_access::read_only);
  const auto start = reader->runs_changed_since(0);
  EXPECT_TRUE(start.runs.empty());
  older->begin();
  r.deal = r.attempt = 1;
  r.run = 1;
  ASSERT_TRUE(older->insert_run(r));  // the older transaction's id
  younger->begin();
  r.deal = r.attempt = 2;
  r.run = 2;
  ASSERT_TRUE(younger->insert_run(r));
  younger->commit();
  const auto between = reader->runs_changed_since(start.next);
  ASSERT_EQ(between.runs.size(), 1U);
  EXPECT_EQ(between.runs[0].deal, 2U);
  older->commit();
  const auto after = reader->runs_changed_since(between.next);
  std::vector<std::uint32_t> deals;
  for (const ranked_run_record& run : after.runs)
    deals.push_back(run.deal);
  // The younger's may be read again; the older's must be read.
  EXPECT_NE(std::find(deals.begin(), deals.end(), 1U), deals.end());
}

TEST_P(store_contract, run_numbers_are_claimed_in_blocks_that_never_meet) {
  fresh("blocks");
  auto store = open();
  store->begin();
  EXPECT_EQ(store->claim_run_numbers(1000), 1U);
  store->commit();
  store->begin();
  EXPECT_EQ(store->claim_run_numbers(1000), 1001U);
  store->commit();
  EXPECT_EQ(store->last_run_number(), 2000U);
  EXPECT_EQ(open()->last_run_number(), 2000U);
  // A reset keeps them too.
  store->delete_runs();
  store->begin();
  EXPECT_EQ(store->claim_run_numbers(10), 2001U);
  store->commit();
}

TEST_P(store_contract, meta_and_challenges) {
  fresh("meta");
  auto store = open();
  EXPECT_FALSE(store->meta("secret"));
  store->set_meta("secret", "s1");
  store->set_meta("secret", "s2");
  EXPECT_EQ(*store->meta("secret"), "s2");
  store->put_challenge({"b", 1, 2.5, "{\"x\":1}"});
  store->put_challenge({"a", 0, 1.0, "{}"});
  store->put_challenge({"b", 1, 0.1, "{\"x\":2}"});  // replaced
  const auto list = store->challenges();
  ASSERT_EQ(list.size(), 2U);
  EXPECT_EQ(list[0].id, "a");
  EXPECT_EQ(list[1].weight, 0.1);
  EXPECT_EQ(list[1].definition, "{\"x\":2}");
}

TEST_P(store_contract, a_rolled_back_transaction_leaves_nothing) {
  fresh("rollback");
  auto store = open();
  store->begin();
  store->set_meta("k", "v");
  ASSERT_TRUE(store->add_competitor("ann", "h", 1));
  store->rollback();
  EXPECT_FALSE(store->meta("k"));
  EXPECT_TRUE(store->competitors().empty());
  store->begin();
  store->set_meta("k", "w");
  store->commit();
  EXPECT_EQ(*open()->meta("k"), "w");
}

TEST_P(store_contract, the_schema_has_a_version_and_a_newer_one_is_refused) {
  fresh("version");
  {
    auto store = open();
    EXPECT_EQ(store->meta("schema_version"), std::to_string(store_schema_version));
    store->set_meta("schema_version", std::to_string(store_schema_version + 1));
  }
  try {
    open();
    FAIL() << "a newer schema was opened";
  } catch (const store_error& e) {
    EXPECT_NE(std::string(e.what()).find("newer"), std::string::npos) << e.what();
  }
  EXPECT_THROW(open(store_access::read_only), store_error);
}

TEST_P(store_contract, a_failing_job_loses_nobody_elses_writes) {
  fresh("failing_job");
  std::vector<bool> durable(4);
  {
    std::promise<void> release;
    std::shared_future<void> released = release.get_future().share();
    store_writer writer(open());
    // The first job holds the thread, so the next three wait as one batch.
    writer.submit([released](results_store&) { released.wait(); },
                  [&](bool ok) { durable[0] = ok; });
    writer.submit([](results_store& store) { store.set_meta("before", "1"); },
                  [&](bool ok) { durable[1] = ok; });
    writer.submit(
        [](results_store& store) {
          ranked_run_record orphan;  // of no competitor: the database refuses it
          orphan.competitor = 999;
          orphan.challenge = "a";
          orphan.deal = orphan.attempt = 1;
          orphan.status = ranked_status::in_play;
          store.insert_run(orphan);
        },
        [&](bool ok) { durable[2] = ok; });
    writer.submit([](results_store& store) { store.set_meta("after", "1"); },
                  [&](bool ok) { durable[3] = ok; });
    release.set_value();
  }
  EXPECT_EQ(durable, (std::vector<bool>{true, true, false, true}));
  auto store = open();
  EXPECT_EQ(store->meta("before"), "1");
  EXPECT_EQ(store->meta("after"), "1");
  EXPECT_TRUE(store->runs().empty());
}

// What a store holds, as a copy must keep it: ids aside (the target numbers
// its competitors itself), moves included.
struct store_contents {
  std::vector<std::pair<std::string, std::string>> meta;
  std::vector<std::tuple<std::string, bool, std::int64_t, std::string>> competitors;
  std::vector<std::tuple<std::string, std::int32_t, double, std::string>> challenges;
  std::vector<ranked_run_record> runs;
  std::uint64_t last_run = 0;
  bool operator==(const store_contents&) const = default;
};

store_contents contents_of(results_store& store) {
  store_contents c;
  c.meta = store.every_meta();
  for (const auto& k : store.competitors())
    c.competitors.emplace_back(k.name, k.revoked, k.created_at_ms, k.token_hash);
  for (const auto& k : store.challenges())
    c.challenges.emplace_back(k.id, k.position, k.weight, k.definition);
  for (auto r : store.runs()) {
    if (r.run != 0) r.moves = store.run_by_number(r.run)->moves;
    r.competitor = 0;
    c.runs.push_back(r);
  }
  c.last_run = store.last_run_number();
  return c;
}

TEST_P(store_contract, a_copy_holds_the_same_and_a_full_target_is_refused) {
  fresh("copy_from");
  {
    auto source = open();
    ASSERT_TRUE(source->add_competitor("ann", "h1", 5));
    ASSERT_TRUE(source->add_competitor("bob", "h2", 6));
    ASSERT_TRUE(source->revoke("ann"));
    source->set_meta("secret", "s");
    source->set_meta("runs_numbered", "90");  // a reset's numbers, kept
    source->put_challenge({"a", 0, 1.5, "{\"x\":1}"});
    const auto ids = source->competitors();
    for (std::uint32_t deal = 1; deal <= 3; ++deal) {
      ranked_run_record r;
      r.competitor = ids[deal % 2].id;
      r.challenge = "a";
      r.deal = deal;
      r.attempt = deal;
      r.status = ranked_status::in_play;
      r.started_at_ms = 100 + deal;
      r.run = 40 + deal;
      r.bot = "dfs";
      source->insert_run(r);
      if (deal == 3) continue;  // left in play
      r.status = deal == 1 ? ranked_status::found : ranked_status::interrupted;
      r.steps = 9 * deal;
      r.score = 10 * deal;
      r.optimal = 4;
      r.ratio = 0.4;
      r.ended_at_ms = 200 + deal;
      r.moves = deal == 1 ? "NNESW" : "";
      source->finish_run(r);
    }
  }
  // A server may run on the source: it is read through a read-only snapshot.
  auto source = open(store_access::read_only);
  const std::string middle = test::fresh_store(store_location::kind::sqlite, "contract_copy_mid");
  const std::string target = test::fresh_store(GetParam(), "contract_copy_to");
  auto mid = open_store(parse_store_location(middle));
  const copied_counts counts = copy_store(*source, *mid);
  EXPECT_EQ(counts.competitors, 2U);
  EXPECT_EQ(counts.challenges, 1U);
  EXPECT_EQ(counts.runs, 3U);
  auto to = open_store(parse_store_location(target));
  copy_store(*mid, *to);
  const store_contents before = contents_of(*source);
  EXPECT_EQ(contents_of(*to), before);
  EXPECT_EQ(before.runs[0].moves, "NNESW");
  EXPECT_EQ(before.last_run, 90U);
  EXPECT_EQ(to->competitor_by_token("h2")->name, "bob");
  // Into what holds a competition: refused, and nothing written.
  EXPECT_THROW(copy_store(*source, *to), store_error);
  EXPECT_EQ(contents_of(*to), before);
  auto empty = open_store(
      parse_store_location(test::fresh_store(store_location::kind::sqlite, "contract_copy_empty")));
  empty->set_meta("announcement", "hello");
  EXPECT_THROW(copy_store(*source, *empty), store_error);
  EXPECT_TRUE(empty->competitors().empty());
}

std::string kind_name(const ::testing::TestParamInfo<store_location::kind>& info) {
  return info.param == store_location::kind::sqlite ? "sqlite" : "postgresql";
}

INSTANTIATE_TEST_SUITE_P(sqlite, store_contract, ::testing::Values(store_location::kind::sqlite),
                         kind_name);
INSTANTIATE_TEST_SUITE_P(postgresql, store_contract,
                         ::testing::Values(store_location::kind::postgresql), kind_name);

}  // namespace
}  // namespace ariadne
