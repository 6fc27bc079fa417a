#include "server/app/baseline_route.hpp"

#include <chrono>
#include <string>

#include "server/app/costly_work.hpp"
#include "server/app/server_context.hpp"
#include "server/baseline/baseline.hpp"

namespace ariadne {

void answer_baseline(server_context& context, const http_request& request, http_reply reply) {
  auto text = [](unsigned status, std::string body) {
    return http_answer{status, "text/plain; charset=utf-8", std::move(body)};
  };
  const std::size_t query = request.target.find('?');
  auto parsed = parse_baseline_query(
      query == std::string_view::npos ? std::string_view() : request.target.substr(query + 1));
  if (auto* problem = std::get_if<std::string>(&parsed)) return reply(text(400, *problem + "\n"));
  const run_request maze = std::get<run_request>(parsed);
  const std::uint64_t cost = baseline_cost(maze);
  if (!context.budgets().charge_setup(request.address, cost, std::chrono::steady_clock::now())) {
    return reply(
        text(429, "your address has asked for more set-up work than its share; try again\n"));
  }
  server_context* c = &context;
  auto job = [c, maze, reply, text] {
    std::string body;
    try {
      body = baseline_json(maze, c->catalog(), c->host());
    } catch (const std::exception&) {
      return reply(text(500, "the baseline could not be played\n"));
    }
    reply(http_answer{200, "application/json", std::move(body)});
  };
  if (costly_work::place(context, request.address, cost, false, job_pool::lane::view,
                         std::move(job)) == costly_work::placement::busy) {
    reply(text(503, "the server is setting up as many mazes as it can; try again shortly\n"));
  }
}

}  // namespace ariadne
