#include "server/competition/attempt_claims.hpp"

#include <gtest/gtest.h>

#include <future>
#include <memory>

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

}  // namespace
}  // namespace ariadne
