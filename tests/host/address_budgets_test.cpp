#include "server/host/address_budgets.hpp"

#include <gtest/gtest.h>

namespace ariadne {
namespace {

using clock_type = address_budgets::clock;
using std::chrono::milliseconds;
using std::chrono::seconds;

address_budgets::limits small() {
  address_budgets::limits l;
  l.max_runs = 3;
  l.max_cells_in_play = 1000;
  l.max_cells_per_address = 600;
  l.setup_rate = 100;   // units a second
  l.setup_burst = 500;  // at most
  return l;
}

TEST(address_budgets, runs_and_cells_are_shared_and_given_back_once) {
  address_budgets budgets(small());
  run_slot a = budgets.reserve_run(400, "1.1.1.1");
  ASSERT_TRUE(a);
  // The address's share: 600 cells.
  EXPECT_FALSE(budgets.reserve_run(300, "1.1.1.1"));
  run_slot b = budgets.reserve_run(200, "1.1.1.1");
  ASSERT_TRUE(b);
  // In all: 1000 cells.
  EXPECT_FALSE(budgets.reserve_run(500, "2.2.2.2"));
  run_slot c = budgets.reserve_run(400, "2.2.2.2");
  ASSERT_TRUE(c);
  EXPECT_EQ(budgets.cells_in_play(), 1000U);
  // In all: 3 runs.
  EXPECT_FALSE(budgets.reserve_run(0, "3.3.3.3"));
  EXPECT_EQ(budgets.runs_in_play(), 3U);
  // A slot moves, and is given back once.
  run_slot moved = std::move(a);
  EXPECT_FALSE(a);
  a.release();
  EXPECT_EQ(budgets.runs_in_play(), 3U);
  moved.release();
  moved.release();
  EXPECT_EQ(budgets.runs_in_play(), 2U);
  EXPECT_EQ(budgets.cells_in_play(), 600U);
  EXPECT_TRUE(budgets.reserve_run(400, "1.1.1.1"));  // released again at once
}

TEST(address_budgets, setup_work_is_a_token_bucket_per_address) {
  address_budgets budgets(small());
  const auto t0 = clock_type::now();
  EXPECT_TRUE(budgets.charge_setup("1.1.1.1", 300, t0));
  EXPECT_TRUE(budgets.charge_setup("1.1.1.1", 200, t0));
  EXPECT_FALSE(budgets.charge_setup("1.1.1.1", 1, t0));
  // Another address has its own share.
  EXPECT_TRUE(budgets.charge_setup("2.2.2.2", 500, t0));
  // A refused charge charges nothing; the share refills at the rate.
  EXPECT_FALSE(budgets.charge_setup("1.1.1.1", 150, t0 + milliseconds(1000)));
  EXPECT_TRUE(budgets.charge_setup("1.1.1.1", 100, t0 + milliseconds(1000)));
  // Never beyond the burst.
  EXPECT_FALSE(budgets.charge_setup("1.1.1.1", 501, t0 + std::chrono::hours(1)));
  EXPECT_TRUE(budgets.charge_setup("1.1.1.1", 500, t0 + std::chrono::hours(1)));
}

TEST(address_budgets, a_refused_charge_says_when_it_would_be_taken) {
  address_budgets budgets(small());
  const auto t0 = clock_type::now();
  ASSERT_TRUE(budgets.charge_setup("1.1.1.1", 500, t0));
  // 250 units at 100 a second: 3 s (whole seconds, rounded up); later, less.
  EXPECT_EQ(budgets.setup_retry_seconds("1.1.1.1", 250, t0), 3U);
  EXPECT_EQ(budgets.setup_retry_seconds("1.1.1.1", 250, t0 + milliseconds(2000)), 1U);
  // Taken then, as said.
  EXPECT_FALSE(budgets.charge_setup("1.1.1.1", 250, t0 + milliseconds(2400)));
  EXPECT_TRUE(budgets.charge_setup("1.1.1.1", 250, t0 + seconds(3)));
  // An address never seen has its whole burst: at least a second is said.
  EXPECT_EQ(budgets.setup_retry_seconds("2.2.2.2", 100, t0), 1U);
  // More than a burst is never taken.
  EXPECT_EQ(budgets.setup_retry_seconds("1.1.1.1", 501, t0), 0U);
}

TEST(address_budgets, a_share_outlives_the_runs_of_its_address) {
  address_budgets budgets(small());
  const auto now = clock_type::now();
  run_slot slot = budgets.reserve_run(10, "1.1.1.1");
  ASSERT_TRUE(budgets.charge_setup("1.1.1.1", 500, now));
  slot.release();
  // Its runs are over, its connections may be too: what it spent stays spent.
  EXPECT_EQ(budgets.addresses(), 1U);
  EXPECT_FALSE(budgets.charge_setup("1.1.1.1", 100, now));
}

TEST(address_budgets, shares_that_filled_up_again_are_forgotten) {
  address_budgets budgets(small());
  const auto t0 = clock_type::now();
  for (int i = 0; i < 100; ++i)
    ASSERT_TRUE(budgets.charge_setup("10.0.0." + std::to_string(i), 100, t0));
  EXPECT_EQ(budgets.addresses(), 100U);
  // Later, charges from one address sweep the shares that owe nothing.
  const auto later = t0 + std::chrono::seconds(10);
  for (int i = 0; i < 300; ++i)
    budgets.charge_setup("9.9.9.9", 1, later + milliseconds(i * 10));
  EXPECT_EQ(budgets.addresses(), 1U);
}

TEST(address_budgets, an_address_may_try_few_wrong_tokens_and_any_right_ones) {
  address_budgets::limits l = small();
  l.token_tries_rate = 2;
  l.token_tries_burst = 5;
  address_budgets budgets(l);
  const auto t0 = clock_type::now();
  using answer = address_budgets::token_answer;
  // Only wrong answers are charged: a room of competitors behind one address
  // logs in all at once, every lookup still waiting.
  for (int i = 0; i < 50; ++i)
    ASSERT_TRUE(budgets.try_token("1.1.1.1", "right-" + std::to_string(i), t0)) << i;
  for (int i = 0; i < 50; ++i)
    budgets.token_looked_up("1.1.1.1", "right-" + std::to_string(i), answer::right, t0);
  for (int i = 0; i < 5; ++i) {
    const std::string wrong = "wrong-" + std::to_string(i);
    ASSERT_TRUE(budgets.try_token("1.1.1.1", wrong, t0)) << i;
    budgets.token_looked_up("1.1.1.1", wrong, answer::wrong, t0);
  }
  EXPECT_FALSE(budgets.try_token("1.1.1.1", "wrong-5", t0));
  EXPECT_TRUE(budgets.try_token("2.2.2.2", "wrong-0", t0));
  // Two more a second.
  ASSERT_TRUE(budgets.try_token("1.1.1.1", "wrong-6", t0 + milliseconds(500)));
  budgets.token_looked_up("1.1.1.1", "wrong-6", answer::wrong, t0 + milliseconds(500));
  EXPECT_FALSE(budgets.try_token("1.1.1.1", "wrong-7", t0 + milliseconds(500)));
  // A guesser behind the same address never locks out a token that proved right.
  EXPECT_TRUE(budgets.try_token("1.1.1.1", "right-7", t0 + milliseconds(500)));
}

TEST(address_budgets, lookups_waiting_are_bounded_and_what_they_find_wrong_is_owed) {
  address_budgets::limits l = small();
  l.token_tries_rate = 1;
  l.token_tries_burst = 5;
  l.token_lookups_at_once = 20;
  address_budgets budgets(l);
  using answer = address_budgets::token_answer;
  const auto t0 = clock_type::now();
  // A guesser may have 20 lookups waiting, never more.
  for (int i = 0; i < 20; ++i)
    ASSERT_TRUE(budgets.try_token("1.1.1.1", "guess-" + std::to_string(i), t0)) << i;
  EXPECT_FALSE(budgets.try_token("1.1.1.1", "guess-20", t0));
  // All 20 answered wrong: the address owes 15 past its burst and waits for
  // the rate to pay that back (unanswered ones are charged the same).
  for (int i = 0; i < 19; ++i)
    budgets.token_looked_up("1.1.1.1", "guess-" + std::to_string(i), answer::wrong, t0);
  budgets.token_looked_up("1.1.1.1", "guess-19", answer::unanswered, t0);
  EXPECT_FALSE(budgets.try_token("1.1.1.1", "guess-21", t0 + seconds(15)));
  EXPECT_TRUE(budgets.try_token("1.1.1.1", "guess-21", t0 + seconds(17)));
  // A share with a lookup waiting is not forgotten, however long it waits.
  EXPECT_GE(budgets.addresses(), 1U);
}

}  // namespace
}  // namespace ariadne
