#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "server/work/job_pool.hpp"

namespace ariadne {

class server_context;

// Work a client's request costs beyond a reply: setting a maze up, playing a
// run's moves again (a replay, a spectator's catch-up), playing the baseline.
// Measured in setup_cost units (about 10 ns each), charged to the client's
// address (address_budgets::charge_setup), and done on the job pool unless
// it is cheap.
namespace costly_work {

// Work estimated cheaper than this runs inline; the rest on the job pool.
// The estimate is calibrated on mazes too big for the caches, so for the
// small mazes under it (up to 64 x 64 for most generators) it is several
// times the truth: about 0.15 ms at most, and each address's share of
// set-up work (--start-cost-rate) bounds how often.
inline constexpr std::uint64_t inline_cost = 64'000;

// Work estimated at most this (a 256 x 256 maze of most generators) may also
// go to the pool's quick worker, which takes nothing bigger: a small start
// never waits behind a costly start or a viewer's baseline or catch-up.
inline constexpr std::uint64_t quick_cost = 2'000'000;

// Playing n moves again: about 40 ns a move.
constexpr std::uint64_t replay_cost(std::uint64_t moves) {
  return 4 * moves;
}

// Where charged work goes.
enum class placement {
  here,  // cheap enough: the caller does it now
  pool,  // queued on the job pool (job runs there)
  busy,  // the pool is full: nothing was queued
};

// Sends charged work of `cost` to the job pool, under the address's turn in
// its lane (a player's start, or a viewer's catch-up, replay or baseline:
// the players' go first), unless may_run_here and it is cheap enough to do
// inline.
placement place(server_context& context, const std::string& address, std::uint64_t cost,
                bool may_run_here, job_pool::lane lane, std::function<void()> job);

}  // namespace costly_work
}  // namespace ariadne
