#include "server/competition/cluster/cluster_loop.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <set>
#include <string>

#include "core/model/utc_time.hpp"
#include "server/store/sqlite_store.hpp"
#include "server/store/store_writer.hpp"
#include "tests/support/temp_dir.hpp"

namespace ariadne {
namespace {

using namespace std::chrono_literals;

// What the loop told, waited for with a deadline (never slept for).
class heard : public cluster_events {
 public:
  void seat_moved(std::int64_t competitor, const std::string& node,
                  std::chrono::steady_clock::time_point) override {
    add("seat " + std::to_string(competitor) + " " + node);
  }
  bool run_handed(const ranked_run_record& run) override {
    add("handed " + std::to_string(run.run) + " " + run.moves);
    return true;
  }
  void run_stranded(std::int64_t competitor) override {
    add("stranded " + std::to_string(competitor));
  }
  void token_withdrawn(std::int64_t competitor) override {
    add("withdrawn " + std::to_string(competitor));
  }
  bool told(const std::string& what) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, 10s, [&] { return told_.contains(what); });
  }

 private:
  void add(std::string what) {
    {
      std::lock_guard lock(mutex_);
      told_.insert(std::move(what));
    }
    changed_.notify_all();
  }
  std::mutex mutex_;
  std::condition_variable changed_;
  std::set<std::string> told_;
};

ranked_run_record run_in_play(std::int64_t competitor, std::uint64_t run, std::string node) {
  ranked_run_record r;
  r.competitor = competitor;
  r.challenge = "a";
  r.deal = r.attempt = 1;
  r.started_at_ms = unix_ms(std::chrono::system_clock::now());
  r.run = run;
  r.node = std::move(node);
  return r;
}

class cluster_loop_test : public ::testing::Test {
 protected:
  cluster_loop_test() {
    // Server "b" beats on the store beside this one ("a"); "c" never did.
    sqlite_store setup(path_);
    const std::int64_t now = unix_ms(std::chrono::system_clock::now());
    setup.beat("b", "boot-b", now);
    setup.add_competitor("ann", "hash-ann", now);
    setup.add_competitor("bo", "hash-bo", now);
    setup.add_competitor("cy", "hash-cy", now);
    for (const competitor_record& c : setup.competitors())
      ids_[c.name] = c;
  }

  // Another connection to the store: what other servers and ariadne-admin write.
  sqlite_store& elsewhere() { return other_; }

  testing::temp_dir dir_;
  std::string path_ = dir_.file("cup.db");
  std::map<std::string, competitor_record> ids_;
  competition_rules rules_ = parse_competition(R"({"name": "cup", "challenges": [
      {"id": "a", "maze": {"generator": "prim", "width": 8, "height": 8}}]})",
                                               maze_catalog{}, host_limits{});
  ledger books_{rules_, "a", results_mirror{}, competition_schedule{}};
  store_writer writer_{std::make_unique<sqlite_store>(path_)};
  node_presence presence_{server_node{"a", "boot-a"}, writer_, 2};
  token_watch tokens_;
  sqlite_store other_{path_};
};

TEST_F(cluster_loop_test, tells_what_the_store_says_of_this_servers_connections) {
  heard events;
  cluster_loop loop(path_, presence_, books_, tokens_);
  loop.listen(&events);
  // ann's token, used here, is revoked with ariadne-admin; cy's rotated.
  tokens_.used(ids_["ann"]);
  tokens_.used(ids_["cy"]);
  elsewhere().revoke("ann");
  elsewhere().set_token("cy", "hash-new");
  EXPECT_TRUE(events.told("withdrawn " + std::to_string(ids_["ann"].id)));
  EXPECT_TRUE(events.told("withdrawn " + std::to_string(ids_["cy"].id)));
  // bo says hello on server b.
  elsewhere().record_hello({ids_["bo"].id, "b", "boot-b"},
                           unix_ms(std::chrono::system_clock::now()));
  EXPECT_TRUE(events.told("seat " + std::to_string(ids_["bo"].id) + " b"));
  // b hands bo's run 5 here with its moves; cy's run 6 is in play on c,
  // which never beat: it cannot come here before c is known dead.
  ranked_run_record handed = run_in_play(ids_["bo"].id, 5, "b");
  ranked_run_record stranded = run_in_play(ids_["cy"].id, 6, "c");
  elsewhere().insert_run(handed);
  elsewhere().insert_run(stranded);
  ASSERT_TRUE(elsewhere().hand_off_run(5, "b", "a", "EEN"));
  handed.node = "a";
  books_.show_stored(results_mirror{}, {handed, stranded}, std::chrono::system_clock::now());
  loop.nudge();
  EXPECT_TRUE(events.told("handed 5 EEN"));
  EXPECT_TRUE(events.told("stranded " + std::to_string(ids_["cy"].id)));
  // Taken on: held, so not told again.
  EXPECT_TRUE(books_.not_held({handed}).empty());
  loop.listen(nullptr);
}

}  // namespace
}  // namespace ariadne
