#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "server/host/address_budgets.hpp"
#include "server/net/http_answer.hpp"

namespace ariadne {

// The HTTP answers of costly work refused (a replay, the baseline): 429
// when the address spent its share of set-up work, with Retry-After saying
// when that work would be taken (a client downloading every replay waits,
// then goes on); 503 when the job pool is full.
http_answer setup_over_share(const address_budgets& budgets, const std::string& address,
                             std::uint64_t cost, std::chrono::steady_clock::time_point now);
http_answer setup_busy();

}  // namespace ariadne
