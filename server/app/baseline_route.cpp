#include "server/app/baseline_route.hpp"

#include <chrono>
#include <string>

#include "server/app/server_context.hpp"
#include "server/app/setup_refusals.hpp"
#include "server/baseline/baseline.hpp"
#include "server/host/costly_work.hpp"

namespace ariadne {

void answer_baseline(server_context& context, const http_request& request, http_reply reply) {
  const std::size_t query = request.target.find('?');
  auto parsed = parse_baseline_query(
      query == std::string_view::npos ? std::string_view() : request.target.substr(query + 1));
  if (auto* problem = std::get_if<std::string>(&parsed))
    return reply(http_answer::text(400, *problem + "\n"));
  const run_request maze = std::get<run_request>(parsed);
  const std::uint64_t cost = baseline_cost(maze);
  server_context* c = &context;
  auto job = [c, maze, reply] {
    std::string body;
    try {
      body = baseline_json(maze, c->catalog(), c->host());
    } catch (const std::exception&) {
      return reply(http_answer::text(500, "the baseline could not be played\n"));
    }
    reply(http_answer{200, "application/json", std::move(body)});
  };
  const auto now = std::chrono::steady_clock::now();
  switch (costly_work::charge_then_place(context.budgets(), context.setups(), request.address, cost,
                                         now, false, job_pool::lane::view, std::move(job))) {
    case costly_work::placement::over_share:
      return reply(setup_over_share(context.budgets(), request.address, cost, now));
    case costly_work::placement::busy:
      return reply(setup_busy());
    case costly_work::placement::here:
    case costly_work::placement::pool:
      return;
  }
}

}  // namespace ariadne
