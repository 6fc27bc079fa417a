// The memory budget: claims per use, per address and in total, each given
// back exactly once; past a limit nothing is claimed.
#include "server/host/memory_budget.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

namespace ariadne {
namespace {

using use = memory_budget::use;

memory_budget::limits small_budget() {
  memory_budget::limits l;
  l.total = 1000;
  l.per_address = 400;
  return l;
}

TEST(memory_budget, an_address_gets_its_share_and_no_more) {
  memory_budget budget(small_budget());
  auto a = budget.claim(use::move_logs, "10.0.0.1", 300);
  ASSERT_TRUE(a);
  EXPECT_FALSE(budget.claim(use::spectators, "10.0.0.1", 101));
  auto b = budget.claim(use::spectators, "10.0.0.1", 100);
  EXPECT_TRUE(b);
  EXPECT_EQ(budget.held_by("10.0.0.1"), 400U);
  EXPECT_EQ(budget.held(use::move_logs), 300U);
  EXPECT_EQ(budget.held(use::spectators), 100U);
  // Another address has its own share.
  EXPECT_TRUE(budget.claim(use::answers, "10.0.0.2", 400));
}

TEST(memory_budget, the_total_bounds_every_address_together) {
  memory_budget budget(small_budget());
  std::vector<memory_lease> held;
  for (int i = 0; i < 3; ++i) {
    held.push_back(budget.claim(use::move_logs, "10.0.0." + std::to_string(i), 300));
    ASSERT_TRUE(held.back());
  }
  EXPECT_EQ(budget.total(), 900U);
  EXPECT_FALSE(budget.claim(use::move_logs, "10.0.0.9", 101));
  EXPECT_EQ(budget.held_by("10.0.0.9"), 0U);
  held.pop_back();
  EXPECT_TRUE(budget.claim(use::move_logs, "10.0.0.9", 101));
}

TEST(memory_budget, a_lease_gives_back_once_when_it_goes_or_moves) {
  memory_budget budget(small_budget());
  {
    auto a = budget.claim(use::answers, "x", 250);
    memory_lease moved = std::move(a);
    EXPECT_FALSE(a);  // NOLINT(bugprone-use-after-move): moved-from leases are empty
    EXPECT_EQ(budget.total(), 250U);
    moved.release();
    moved.release();
    EXPECT_EQ(budget.total(), 0U);
    auto c = budget.claim(use::answers, "x", 100);
    c = budget.claim(use::answers, "x", 50);  // the first claim goes back on assignment
    EXPECT_EQ(budget.total(), 50U);
  }
  EXPECT_EQ(budget.total(), 0U);
  EXPECT_EQ(budget.held(use::answers), 0U);
  EXPECT_EQ(budget.held_by("x"), 0U);
}

TEST(memory_budget, a_refused_claim_changes_nothing) {
  memory_budget budget(small_budget());
  auto a = budget.claim(use::move_logs, "x", 400);
  EXPECT_FALSE(budget.claim(use::move_logs, "x", 1));
  EXPECT_FALSE(budget.claim(use::move_logs, "y", 601));
  EXPECT_EQ(budget.total(), 400U);
  EXPECT_EQ(budget.held_by("y"), 0U);
}

TEST(memory_budget, the_servers_own_claims_count_in_the_total_only) {
  memory_budget budget(small_budget());
  // A client whose address could not be read holds claims under "".
  auto client = budget.claim(use::answers, "", 100);
  auto kept = budget.claim_own(use::kept_runs, 600);
  ASSERT_TRUE(kept);
  EXPECT_EQ(budget.held_by(""), 100U);
  EXPECT_EQ(budget.held(use::kept_runs), 600U);
  // The total is what every address shares.
  EXPECT_FALSE(budget.claim(use::move_logs, "x", 301));
  EXPECT_TRUE(budget.claim(use::move_logs, "x", 300));
  kept.release();
  EXPECT_EQ(budget.held_by(""), 100U);
  client.release();
  EXPECT_EQ(budget.total(), 0U);
  EXPECT_EQ(budget.held_by(""), 0U);
}

TEST(memory_budget, claims_from_many_threads_never_pass_the_total) {
  memory_budget budget(small_budget());
  std::vector<std::thread> threads;
  std::atomic<std::uint64_t> peak{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 2000; ++i) {
        auto lease = budget.claim(use::spectators, "a" + std::to_string(t % 3), 90);
        const std::uint64_t now = budget.total();
        std::uint64_t seen = peak.load();
        while (now > seen && !peak.compare_exchange_weak(seen, now)) {
        }
      }
    });
  }
  for (auto& t : threads)
    t.join();
  EXPECT_LE(peak.load(), 1000U);
  EXPECT_EQ(budget.total(), 0U);
}

TEST(memory_budget, the_defaults_come_from_the_machine) {
  const auto l = memory_budget::machine_defaults();
  EXPECT_GE(l.total, std::uint64_t{16} << 20);
  EXPECT_LE(l.per_address, l.total);
  const auto given = memory_budget::limits_for(std::uint64_t{8} << 30);
  EXPECT_EQ(given.per_address, std::uint64_t{512} << 20);
  EXPECT_EQ(memory_budget::limits_for(std::uint64_t{32} << 20).per_address,
            std::uint64_t{32} << 20);
}

}  // namespace
}  // namespace ariadne
