#include "server/app/costly_work.hpp"

#include "server/app/server_context.hpp"

namespace ariadne::costly_work {

placement place(server_context& context, const std::string& address, std::uint64_t cost,
                bool may_run_here, job_pool::lane lane, std::function<void()> job) {
  if (may_run_here && cost <= inline_cost) return placement::here;
  if (!context.starts().try_submit(cost, address, std::move(job), lane)) return placement::busy;
  return placement::pool;
}

}  // namespace ariadne::costly_work
