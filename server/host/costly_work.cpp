#include "server/host/costly_work.hpp"

#include "core/play/run_setup.hpp"

namespace ariadne::costly_work {

std::uint64_t replaying_cost(std::uint64_t cells, std::uint64_t moves) {
  return costliest_setup(cells) + replay_cost(moves);
}

std::uint64_t replaying_cost(const run_request& request, const maze_catalog& catalog,
                             std::uint64_t moves) {
  return setup_cost(request, catalog) + replay_cost(moves);
}

placement place(job_pool& pool, const std::string& address, std::uint64_t cost, bool may_run_here,
                job_pool::lane lane, std::function<void()> job) {
  if (may_run_here && cost <= inline_cost) return placement::here;
  if (!pool.try_submit(cost, address, std::move(job), lane)) return placement::busy;
  return placement::pool;
}

placement charge_then_place(address_budgets& budgets, job_pool& pool, const std::string& address,
                            std::uint64_t cost, std::chrono::steady_clock::time_point now,
                            bool may_run_here, job_pool::lane lane, std::function<void()> job) {
  if (!budgets.charge_setup(address, cost, now)) return placement::over_share;
  return place(pool, address, cost, may_run_here, lane, std::move(job));
}

}  // namespace ariadne::costly_work
