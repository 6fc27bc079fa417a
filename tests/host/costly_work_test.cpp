#include "server/host/costly_work.hpp"

#include <gtest/gtest.h>

#include <future>

#include "core/play/run_setup.hpp"

namespace ariadne {
namespace {

TEST(costly_work, cheap_work_runs_here_the_rest_on_the_pool) {
  job_pool pool(1, 1'000'000);
  EXPECT_EQ(
      costly_work::place(pool, "a", costly_work::inline_cost, true, job_pool::lane::play, [] {}),
      costly_work::placement::here);
  // Not where the caller may not do it: on the pool, however cheap.
  std::promise<void> ran;
  EXPECT_EQ(costly_work::place(pool, "a", 1, false, job_pool::lane::view, [&] { ran.set_value(); }),
            costly_work::placement::pool);
  ran.get_future().get();
  // Past the pool's budget (an idle pool takes any one job): busy, nothing queued.
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  EXPECT_EQ(costly_work::place(pool, "a", 900'000, false, job_pool::lane::play,
                               [released] { released.wait(); }),
            costly_work::placement::pool);
  bool queued = false;
  EXPECT_EQ(costly_work::place(pool, "b", 200'000, false, job_pool::lane::view,
                               [&queued] { queued = true; }),
            costly_work::placement::busy);
  release.set_value();
  pool.stop();
  EXPECT_FALSE(queued);
}

TEST(costly_work, work_over_the_addresss_share_is_neither_charged_nor_queued) {
  address_budgets::limits limits;
  limits.setup_rate = 1;
  limits.setup_burst = 100;
  address_budgets budgets(limits);
  job_pool pool(1, 1'000'000);
  const auto now = std::chrono::steady_clock::now();
  EXPECT_EQ(costly_work::charge_then_place(budgets, pool, "a", 60, now, true, job_pool::lane::view,
                                           [] {}),
            costly_work::placement::here);
  EXPECT_EQ(costly_work::charge_then_place(budgets, pool, "a", 60, now, true, job_pool::lane::view,
                                           [] {}),
            costly_work::placement::over_share);
  // Another address has its own share.
  EXPECT_EQ(costly_work::charge_then_place(budgets, pool, "b", 60, now, true, job_pool::lane::view,
                                           [] {}),
            costly_work::placement::here);
}

TEST(costly_work, playing_a_run_again_costs_its_maze_and_its_moves) {
  EXPECT_EQ(costly_work::replaying_cost(100, 10), costliest_setup(100) + 40);
  run_request request;
  request.maze.generator = "prim";
  request.maze.width = 10;
  request.maze.height = 10;
  const maze_catalog catalog;
  EXPECT_EQ(costly_work::replaying_cost(request, catalog, 10), setup_cost(request, catalog) + 40);
  EXPECT_LE(costly_work::replaying_cost(request, catalog, 10),
            costly_work::replaying_cost(100, 10));
}

}  // namespace
}  // namespace ariadne
