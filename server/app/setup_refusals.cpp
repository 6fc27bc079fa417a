#include "server/app/setup_refusals.hpp"

namespace ariadne {

http_answer setup_over_share(const address_budgets& budgets, const std::string& address,
                             std::uint64_t cost, std::chrono::steady_clock::time_point now) {
  const std::uint32_t wait = budgets.setup_retry_seconds(address, cost, now);
  http_answer answer = http_answer::text(
      429, wait == 0 ? "this asks for more set-up work than any address may\n"
                     : "your address has asked for more set-up work than its share; try again in " +
                           std::to_string(wait) + " s\n");
  if (wait > 0) answer.headers.emplace_back("Retry-After", std::to_string(wait));
  return answer;
}

http_answer setup_busy() {
  http_answer answer = http_answer::text(
      503, "the server is setting up as many mazes as it can; try again shortly\n");
  answer.headers.emplace_back("Retry-After", "1");
  return answer;
}

}  // namespace ariadne
