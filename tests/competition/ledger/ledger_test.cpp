#include "server/competition/ledger/ledger.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <variant>

#include "core/model/utc_time.hpp"
#include "server/competition/ledger/applied_marks.hpp"

namespace ariadne {
namespace {

using namespace std::chrono_literals;

const auto now = *parse_time("2026-12-01T12:00:00Z");

// Sets of two mazes, two attempts each.
competition_rules relay_rules() {
  return parse_competition(R"({"name": "cup", "challenges": [
      {"id": "relay", "maze": {"generator": "prim", "width": 8, "height": 8}, "attempts": 2,
       "mazes": 2}]})",
                           maze_catalog{}, host_limits{});
}

competition_schedule closing_at(competition_schedule::time_point closes) {
  competition_schedule s;
  s.closes_at = closes;
  return s;
}

// The record of a maze the ledger dealt, as a start makes it.
ranked_run_record dealt_run(const ledger::dealing& d, std::uint64_t run, std::string node = "a") {
  ranked_run_record r;
  r.competitor = 1;
  r.competitor_name = "ann";
  r.challenge = "relay";
  r.deal = d.dealt.deal;
  r.attempt = d.dealt.attempt;
  r.run = run;
  r.node = std::move(node);
  return r;
}

ranked_run_record ended_as(ranked_run_record r, ranked_status status, std::uint64_t score) {
  r.status = status;
  r.score = r.steps = score;
  r.optimal = 10;
  r.ended_at_ms = unix_ms(now);
  return r;
}

class ledger_test : public ::testing::Test {
 protected:
  competition_rules rules_ = relay_rules();
  const challenge& relay_ = rules_.challenges.front();
  ledger books_{rules_, "a", results_mirror{}, closing_at(now + 1h)};
  competitor_record ann_{1, "ann"};

  ledger::dealing deal() {
    auto dealt = books_.deal(ann_, relay_, now);
    EXPECT_TRUE(std::holds_alternative<ledger::dealing>(dealt));
    return std::get<ledger::dealing>(dealt);
  }
};

TEST_F(ledger_test, deals_a_set_in_order_and_counts_its_attempts) {
  const auto first = deal();
  EXPECT_EQ(first.dealt.attempt, 1U);
  EXPECT_EQ(first.dealt.deal, 1U);
  EXPECT_EQ(books_.standing_of(1, relay_, now).used, 1U);
  books_.record_end(ended_as(dealt_run(first, 1), ranked_status::found, 20));
  EXPECT_EQ(books_.standing_of(1, relay_, now).next_maze, 2U);
  const auto second = deal();
  EXPECT_EQ(second.dealt.attempt, 1U);
  EXPECT_EQ(second.dealt.deal, 2U);
  books_.record_end(ended_as(dealt_run(second, 2), ranked_status::found, 10));
  const ledger::standing s = books_.standing_of(1, relay_, now);
  EXPECT_EQ(s.used, 1U);
  EXPECT_FALSE(s.next_maze);
  ASSERT_TRUE(s.mark);
  EXPECT_EQ(s.mark->played.at(1).mazes.size(), 2U);
  EXPECT_EQ(books_.counts().ranked, 2U);
  EXPECT_NE(books_.tally_text().find("status=\"found\"} 2"), std::string::npos);
}

TEST_F(ledger_test, a_maze_never_played_is_given_back_and_its_attempt_not_counted) {
  const auto first = deal();
  books_.give_back(dealt_run(first, 1));
  EXPECT_EQ(books_.standing_of(1, relay_, now).used, 0U);
  // A maze given back is never dealt again.
  EXPECT_EQ(deal().dealt.deal, 3U);
}

TEST_F(ledger_test, the_schedule_refuses_before_the_opening_and_after_the_close) {
  competition_schedule later = closing_at(now + 2h);
  later.opens_at = now + 1h;
  books_.set_schedule(later);
  EXPECT_EQ(std::get<request_error>(books_.deal(ann_, relay_, now)).code,
            errc::competition_not_open);
  books_.set_schedule(closing_at(now - 1s));
  EXPECT_EQ(std::get<request_error>(books_.deal(ann_, relay_, now)).code, errc::competition_closed);
  // After the close no set goes on.
  EXPECT_FALSE(books_.standing_of(1, relay_, now).next_maze);
}

TEST_F(ledger_test, the_mazes_of_a_set_include_the_one_ending_now) {
  const auto first = deal();
  books_.record_end(ended_as(dealt_run(first, 1), ranked_status::found, 20));
  const auto second = deal();
  run_result result;
  result.status = run_status::exhausted;
  result.score = 80;
  result.optimal = 10;
  const auto mazes = books_.mazes_of(dealt_run(second, 2), result);
  ASSERT_EQ(mazes.size(), 2U);
  EXPECT_TRUE(mazes[0].found);
  EXPECT_FALSE(mazes[1].found);
}

TEST_F(ledger_test, a_run_in_play_here_not_held_was_handed_here) {
  const auto first = deal();
  ranked_run_record mine = dealt_run(first, 7);
  ranked_run_record handed = mine;
  handed.run = 8;
  ranked_run_record elsewhere = mine;
  elsewhere.run = 9;
  elsewhere.node = "b";
  books_.hold(7);
  EXPECT_EQ(books_.not_held({mine, handed, elsewhere}), std::vector<std::uint64_t>{8});
  books_.release(7);
  EXPECT_EQ(books_.not_held({mine, handed}), (std::vector<std::uint64_t>{7, 8}));
}

TEST_F(ledger_test, runs_are_revealed_after_the_close_once_none_is_in_play_anywhere) {
  const auto first = deal();
  books_.set_schedule(closing_at(now - 1s));
  EXPECT_FALSE(books_.reveals(now));  // this server's run is in play
  EXPECT_TRUE(books_.books_shown(now).names.contains(1));
  books_.record_end(ended_as(dealt_run(first, 1), ranked_status::found, 20));
  EXPECT_TRUE(books_.reveals(now));
  // With the store's books shown, theirs count too: read too early after
  // the close, or with a run in play on another server, nothing is shown.
  results_mirror stored;
  ranked_run_record theirs = dealt_run(first, 2, "b");
  theirs.competitor = 2;
  stored.book.take_stored(theirs, 2);
  books_.show_stored(stored, {theirs}, now);
  EXPECT_FALSE(books_.reveals(now));
  EXPECT_EQ(books_.stored_in_play().size(), 1U);
  books_.show_stored(results_mirror{}, {}, now - 1s + ledger::claims_settle);
  EXPECT_TRUE(books_.reveals(now));
  // Before the close, /api/competition shows no books.
  books_.set_schedule(closing_at(now + 1h));
  EXPECT_TRUE(books_.books_shown(now).names.empty());
}

TEST_F(ledger_test, a_competitor_read_back_from_the_store_replaces_its_books) {
  const auto first = deal();
  // Another server dealt its next maze and ended it: the store knows more.
  ranked_run_record mine = ended_as(dealt_run(first, 1), ranked_status::found, 20);
  ranked_run_record theirs = mine;
  theirs.deal = 2;
  theirs.run = 2;
  theirs.node = "b";
  books_.take_back(1, {mine, theirs}, "relay");
  const ledger::standing s = books_.standing_of(1, relay_, now);
  EXPECT_EQ(s.used, 1U);
  EXPECT_FALSE(s.next_maze);  // the set of two ended
  ASSERT_TRUE(s.mark);
  applied_marks applied(rules_);
  books_.copy_marks(applied);
  applied.apply(books_.counts().used);
  EXPECT_EQ(applied.table().at({1, "relay"}).attempts, 1U);
}

TEST_F(ledger_test, a_reset_starts_this_servers_books_over) {
  const auto first = deal();
  books_.record_end(ended_as(dealt_run(first, 1), ranked_status::found, 20));
  competition_schedule reset = closing_at(now + 1h);
  reset.resets = 1;
  const std::vector<ranked_run_record> none;
  books_.set_schedule(reset, &none);
  EXPECT_EQ(books_.schedule().resets, 1U);
  EXPECT_EQ(books_.standing_of(1, relay_, now).used, 0U);
  EXPECT_EQ(books_.counts().ranked, 0U);
}

}  // namespace
}  // namespace ariadne
