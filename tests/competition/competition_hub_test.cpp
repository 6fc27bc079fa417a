#include "server/competition/competition_hub.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <fstream>
#include <future>

#include "server/competition/competition_opening.hpp"
#include "server/competition/rules/secrets.hpp"
#include "server/store/sqlite_store.hpp"
#include "tests/support/temp_dir.hpp"

namespace ariadne {
namespace {

using std::chrono::hours;
using time_point = competition_hub::time_point;

// A week-long competition around now, two challenges.
competition_rules rules(const std::string& seeds = "per_competitor", hours opens = hours(-24),
                        hours closes = hours(24 * 6)) {
  const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
  return parse_competition(R"({"name": "cup", "opens_at": ")" + format_time(now + opens) +
                               R"(", "closes_at": ")" + format_time(now + closes) +
                               R"(", "seeds": ")" + seeds + R"(", "challenges": [
        {"id": "a", "maze": {"generator": "prim", "width": 8, "height": 8}, "attempts": 2},
        {"id": "b", "maze": {"generator": "wilson", "width": 6, "height": 6}}]})",
                           maze_catalog{}, host_limits{});
}

const competitor_record alice{1, "alice"};
const competitor_record bob{2, "bob"};

run_result found(std::uint64_t score, std::uint64_t optimal) {
  run_result r;
  r.status = run_status::found;
  r.steps = score;
  r.score = score;
  r.optimal = optimal;
  r.found = r.treasures = 1;
  return r;
}

class competition_hub_test : public ::testing::Test {
 protected:
  testing::temp_dir dir_;
  time_point now_ = std::chrono::system_clock::now();
};

TEST_F(competition_hub_test, attempts_are_counted_when_opened_and_given_back_when_unplayed) {
  competition_hub hub(rules(), dir_.file("db"));
  auto first = hub.open_attempt(alice, "a", now_);
  ASSERT_TRUE(std::holds_alternative<competition_hub::attempt>(first));
  const auto& one = std::get<competition_hub::attempt>(first);
  EXPECT_EQ(one.record.attempt, 1U);
  EXPECT_EQ(one.record.deal, 1U);
  EXPECT_TRUE(one.request.maze.seed.has_value());
  EXPECT_EQ(hub.challenges_for(alice.id)[0].attempts_left, 1U);
  // Not played (the server was busy): the attempt comes back, the deal does not.
  hub.give_back(one.record);
  EXPECT_EQ(hub.challenges_for(alice.id)[0].attempts_left, 2U);
  auto again = hub.open_attempt(alice, "a", now_);
  EXPECT_EQ(std::get<competition_hub::attempt>(again).record.deal, 2U);
  EXPECT_EQ(std::get<competition_hub::attempt>(again).record.attempt, 1U);
  ASSERT_TRUE(std::holds_alternative<competition_hub::attempt>(hub.open_attempt(alice, "a", now_)));
  auto spent = hub.open_attempt(alice, "a", now_);
  ASSERT_TRUE(std::holds_alternative<request_error>(spent));
  EXPECT_EQ(std::get<request_error>(spent).code, errc::no_attempts_left);
  // Another competitor has attempts of its own.
  EXPECT_TRUE(std::holds_alternative<competition_hub::attempt>(hub.open_attempt(bob, "a", now_)));
}

TEST_F(competition_hub_test, only_known_challenges_inside_the_window) {
  competition_hub hub(rules(), dir_.file("db"));
  auto unknown = hub.open_attempt(alice, "zzz", now_);
  ASSERT_TRUE(std::holds_alternative<request_error>(unknown));
  EXPECT_EQ(std::get<request_error>(unknown).code, errc::unknown_challenge);
  EXPECT_NE(std::get<request_error>(unknown).message.find("a, b"), std::string::npos);
  auto early = hub.open_attempt(alice, "a", now_ - hours(48));
  EXPECT_EQ(std::get<request_error>(early).code, errc::competition_not_open);
  auto late = hub.open_attempt(alice, "a", now_ + hours(24 * 7));
  EXPECT_EQ(std::get<request_error>(late).code, errc::competition_closed);
}

TEST_F(competition_hub_test, a_mark_is_the_best_efficiency_over_the_attempts) {
  {
    // The competitor, as ariadne-admin adds it.
    sqlite_store store(dir_.file("db"));
    ASSERT_TRUE(store.add_competitor("alice", token_hash("alice's token"), 0));
  }
  competition_hub hub(rules(), dir_.file("db"));
  int durable = 0;
  auto count = [&durable](bool ok) { durable += ok ? 1 : 0; };
  auto claimed = [&durable](competition_hub::claim c) {
    durable += c == competition_hub::claim::claimed ? 1 : 0;
  };
  auto one = std::get<competition_hub::attempt>(hub.open_attempt(alice, "a", now_));
  one.record.run = 1;
  hub.claim_start(one.record, claimed);
  hub.record_end(competition_hub::ended(one.record, found(40, 10), now_), count);
  EXPECT_DOUBLE_EQ(*hub.challenges_for(alice.id)[0].best, 0.25);
  auto two = std::get<competition_hub::attempt>(hub.open_attempt(alice, "a", now_));
  two.record.run = 2;
  hub.claim_start(two.record, claimed);
  hub.record_end(competition_hub::ended(two.record, found(20, 10), now_), count);
  EXPECT_DOUBLE_EQ(*hub.challenges_for(alice.id)[0].best, 0.5);
  // A worse run later does not lower the mark.
  auto three = std::get<competition_hub::attempt>(hub.open_attempt(alice, "b", now_));
  three.record.run = 3;
  hub.claim_start(three.record, claimed);
  hub.record_end(competition_hub::ended(three.record, run_result{}, now_), count);
  EXPECT_DOUBLE_EQ(*hub.challenges_for(alice.id)[0].best, 0.5);
  EXPECT_DOUBLE_EQ(*hub.challenges_for(alice.id)[1].best, 0.0);
  // Every write landed, in order, before the barrier's turn.
  std::promise<void> barrier;
  hub.after_writes([&barrier](bool) { barrier.set_value(); });
  barrier.get_future().wait();
  EXPECT_EQ(durable, 6);
  EXPECT_EQ(hub.first_run_number(), 1U);  // the block claimed at startup
}

competition_hub::claim claim_now(competition_hub& hub, const ranked_run_record& record) {
  std::promise<competition_hub::claim> answered;
  hub.claim_start(record, [&answered](competition_hub::claim c) { answered.set_value(c); });
  return answered.get_future().get();
}

TEST_F(competition_hub_test, two_servers_on_one_store_deal_a_maze_once_and_number_apart) {
  {
    sqlite_store store(dir_.file("db"));
    ASSERT_TRUE(store.add_competitor("alice", token_hash("alice's token"), 0));
  }
  competition_hub one(rules(), dir_.file("db"), "", server_node{"one", "1"});
  competition_hub two(rules(), dir_.file("db"), "", server_node{"two", "2"});
  EXPECT_EQ(one.first_run_number(), 1U);
  EXPECT_EQ(two.first_run_number(), 1U + run_number_block);
  // Both deal alice's first maze of "a" (2 attempts): the first claim wins.
  auto a1 = std::get<competition_hub::attempt>(one.open_attempt(alice, "a", now_));
  auto b1 = std::get<competition_hub::attempt>(two.open_attempt(alice, "a", now_));
  EXPECT_EQ(a1.record.deal, 1U);
  EXPECT_EQ(b1.record.deal, 1U);
  EXPECT_EQ(a1.record.node, "one");
  EXPECT_EQ(claim_now(one, a1.record), competition_hub::claim::claimed);
  EXPECT_EQ(claim_now(two, b1.record), competition_hub::claim::taken);
  // Two read alice's runs back: its next deal is the second attempt, which
  // one then cannot have as well; after it, neither has an attempt left.
  auto b2 = std::get<competition_hub::attempt>(two.open_attempt(alice, "a", now_));
  EXPECT_EQ(b2.record.deal, 2U);
  EXPECT_EQ(b2.record.attempt, 2U);
  EXPECT_EQ(claim_now(two, b2.record), competition_hub::claim::claimed);
  auto a2 = std::get<competition_hub::attempt>(one.open_attempt(alice, "a", now_));
  EXPECT_EQ(claim_now(one, a2.record), competition_hub::claim::taken);
  auto spent = one.open_attempt(alice, "a", now_);
  ASSERT_TRUE(std::holds_alternative<request_error>(spent));
  EXPECT_EQ(std::get<request_error>(spent).code, errc::no_attempts_left);
}

TEST_F(competition_hub_test, a_set_tells_its_place_and_at_its_end_its_mark) {
  const auto now = std::chrono::floor<std::chrono::seconds>(now_);
  competition_hub hub(
      parse_competition(R"({"name": "cup", "closes_at": ")" + format_time(now + hours(24)) +
                            R"(", "challenges": [{"id": "s", "maze": {"generator": "prim",
                            "width": 8, "height": 8}, "mazes": 3, "max_steps": 100}]})",
                        maze_catalog{}, host_limits{}),
      dir_.file("db"));
  auto one = std::get<competition_hub::attempt>(hub.open_attempt(alice, "s", now_));
  EXPECT_EQ(hub.position_of(one.record, nullptr), (set_position{1, 1, 3}));
  const run_result first = found(40, 10);
  const set_position after_first = hub.position_of(one.record, &first);
  EXPECT_EQ(after_first.ended, false);
  EXPECT_FALSE(after_first.mark);
  hub.record_end(competition_hub::ended(one.record, first, now_), nullptr);
  EXPECT_EQ(hub.challenges_for(alice.id)[0].next_maze, 2U);
  EXPECT_EQ(hub.challenges_for(alice.id)[0].attempts_left, 0U);
  auto two = std::get<competition_hub::attempt>(hub.open_attempt(alice, "s", now_));
  EXPECT_EQ(two.record.deal, 2U);
  EXPECT_EQ(two.record.attempt, 1U);
  // Another seed: a set's mazes differ.
  EXPECT_NE(two.request.maze.seed, one.request.maze.seed);
  // Given up on maze 2: the set ends, maze 3 counting as not found.
  run_result gave_up;
  gave_up.status = run_status::abandoned;
  gave_up.score = 5;
  const set_position end = hub.position_of(two.record, &gave_up);
  EXPECT_EQ(end.ended, true);
  EXPECT_EQ(end.found, 1U);
  EXPECT_DOUBLE_EQ(*end.mark, 10.0 / (40 + 100 + 100));
  hub.record_end(competition_hub::ended(two.record, gave_up, now_), nullptr);
  // Once recorded, the same answer (the maze is not counted twice).
  EXPECT_DOUBLE_EQ(*hub.position_of(two.record, &gave_up).mark, *end.mark);
  EXPECT_FALSE(hub.challenges_for(alice.id)[0].next_maze);
  auto none = hub.open_attempt(alice, "s", now_);
  EXPECT_EQ(std::get<request_error>(none).code, errc::no_attempts_left);
}

TEST_F(competition_hub_test, a_reference_mark_weighs_the_reference_bot_by_its_cost) {
  const auto now = std::chrono::floor<std::chrono::seconds>(now_);
  competition_hub hub(
      parse_competition(R"({"name": "cup", "closes_at": ")" + format_time(now + hours(24)) +
                            R"(", "seeds": "per_competitor", "challenges": [
                            {"id": "r", "maze": {"generator": "prim", "width": 8, "height": 8},
                             "mazes": 2, "max_steps": 100, "mark": "reference_sum"},
                            {"id": "s", "maze": {"generator": "prim"}}]})",
                        maze_catalog{}, host_limits{}),
      dir_.file("db"));
  EXPECT_TRUE(hub.rules().needs_reference("r"));
  EXPECT_FALSE(hub.rules().needs_reference("s"));
  EXPECT_FALSE(hub.rules().needs_reference("nope"));
  EXPECT_EQ(hub.rules().reference_cost("r", found(30, 10)), 30U);
  run_result lost;
  lost.status = run_status::exhausted;
  lost.score = 100;
  EXPECT_EQ(hub.rules().reference_cost("r", lost), 100U);  // not found: the move budget
  // The competitor's mazes against the reference's: 30 / 60 on the first,
  // the second not played yet (its budget, 100).
  auto one = std::get<competition_hub::attempt>(hub.open_attempt(alice, "r", now_));
  one.record.reference = 30;
  const run_result mine = found(60, 10);
  EXPECT_EQ(hub.position_of(one.record, &mine).ended, false);
  hub.record_end(competition_hub::ended(one.record, mine, now_), nullptr);
  EXPECT_DOUBLE_EQ(*hub.challenges_for(alice.id)[0].mark, 30.0 / (60 + 100));
}

TEST_F(competition_hub_test, seeds_are_per_competitor_or_shared) {
  competition_hub apart(rules("per_competitor"), dir_.file("apart"));
  const auto a1 = std::get<competition_hub::attempt>(apart.open_attempt(alice, "a", now_));
  const auto b1 = std::get<competition_hub::attempt>(apart.open_attempt(bob, "a", now_));
  EXPECT_NE(a1.request.maze.seed, b1.request.maze.seed);
  competition_hub together(rules("shared"), dir_.file("together"));
  const auto a2 = std::get<competition_hub::attempt>(together.open_attempt(alice, "a", now_));
  const auto b2 = std::get<competition_hub::attempt>(together.open_attempt(bob, "a", now_));
  EXPECT_EQ(a2.request.maze.seed, b2.request.maze.seed);
  EXPECT_EQ(together.dealt_request(a2.record)->maze.seed, a2.request.maze.seed);
}

TEST_F(competition_hub_test, ranked_runs_are_revealed_after_the_close_once_none_is_in_play) {
  competition_hub hub(rules(), dir_.file("db"));
  const auto after_close = now_ + hours(24 * 7);
  EXPECT_FALSE(hub.reveals_ranked_runs(now_));
  EXPECT_TRUE(hub.reveals_ranked_runs(after_close));
  auto playing = std::get<competition_hub::attempt>(hub.open_attempt(alice, "b", now_));
  EXPECT_FALSE(hub.reveals_ranked_runs(after_close));
  hub.record_end(competition_hub::ended(playing.record, found(30, 10), now_), nullptr);
  EXPECT_TRUE(hub.reveals_ranked_runs(after_close));
}

}  // namespace
}  // namespace ariadne

namespace ariadne {
namespace {

TEST(competition_opening, a_database_of_the_days_before_keep_is_told_how_to_go_on) {
  testing::temp_dir dir;
  const std::string db = dir.file("old.db");
  const competition_rules now_rules = rules();
  {
    auto opened = open_competition(now_rules, db, "");
    results_store& store = *opened.store;
    ASSERT_TRUE(store.add_competitor("alice", "h", 1));
    ranked_run_record r;
    r.competitor = store.competitors()[0].id;
    r.challenge = "a";
    r.deal = r.attempt = 1;
    r.status = ranked_status::found;
    store.insert_run(r);
    // Challenge a as a server before keep stored it: no keep, no move budget.
    store.put_challenge({"a", 0, 1.0,
                         R"({"attempts":2,"maze":{"generator":"prim","height":8,"width":8},)"
                         R"("weight":1.0})"});
  }
  try {
    open_competition(now_rules, db, "");
    FAIL() << "a changed rule was accepted";
  } catch (const competition_error& e) {
    EXPECT_NE(std::string(e.what()).find(R"(add that to go on as before)"), std::string::npos)
        << e.what();
  }
  // The file that says so starts as before.
  competition_rules as_before = now_rules;
  auto best = parse_competition(R"({"name": "cup", "challenges": [
        {"id": "a", "maze": {"generator": "prim", "width": 8, "height": 8}, "attempts": 2,
         "keep": "best"}]})",
                                maze_catalog{}, host_limits{});
  as_before.challenges[0] = best.challenges[0];
  EXPECT_NO_THROW(open_competition(as_before, db, ""));
}

mode_t mode_of(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 ? info.st_mode & 07777 : 0;
}

TEST(competition_opening, the_database_holding_the_secret_is_its_owners_alone) {
  testing::temp_dir dir;
  const std::string db = dir.file("cup.db");
  const mode_t umask_was = ::umask(022);  // what a shell usually has
  open_competition(rules(), db, "");
  ::umask(umask_was);
  EXPECT_EQ(mode_of(db), 0600U);
  for (const char* suffix : {"-wal", "-shm"}) {
    const mode_t mode = mode_of(db + suffix);
    EXPECT_TRUE(mode == 0 || mode == 0600U) << suffix << " " << std::oct << mode;
  }
  // Opened to others (a copy, a chmod): refused, with the way out.
  ASSERT_EQ(::chmod(db.c_str(), 0644), 0);
  try {
    open_competition(rules(), db, "");
    FAIL() << "a database others can read was opened";
  } catch (const competition_error& e) {
    EXPECT_NE(std::string(e.what()).find("chmod 600"), std::string::npos) << e.what();
  }
  // With the secret in a file of its own, the database holds none to read.
  const std::string secret = dir.file("secret");
  { std::ofstream(secret) << "0123456789abcdef0123\n"; }
  testing::temp_dir other;
  const std::string shared = other.file("shared.db");
  open_competition(rules(), shared, secret);
  ASSERT_EQ(::chmod(shared.c_str(), 0644), 0);
  EXPECT_NO_THROW(open_competition(rules(), shared, secret));
}

}  // namespace
}  // namespace ariadne
