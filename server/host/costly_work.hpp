#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

#include "core/game/maze_catalog.hpp"
#include "core/model/run_request.hpp"
#include "server/host/address_budgets.hpp"
#include "server/work/job_pool.hpp"

namespace ariadne {

// Work a client's request costs beyond a reply: setting a maze up, playing a
// run's moves again (a replay, a spectator's catch-up, a run handed from
// another server), playing the baseline. Measured in setup_cost units
// (about 10 ns each), charged to the client's address
// (address_budgets::charge_setup), and done on the job pool unless it is
// cheap.
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

// Playing a run again from its start: its maze set up, then its moves. A
// run of `cells` whose maze is not known (at most the costliest generator's):
std::uint64_t replaying_cost(std::uint64_t cells, std::uint64_t moves);
// and one whose request is known.
std::uint64_t replaying_cost(const run_request& request, const maze_catalog& catalog,
                             std::uint64_t moves);

// Where work goes.
enum class placement {
  here,        // cheap enough: the caller does it now
  pool,        // queued on the job pool (job runs there)
  busy,        // the pool is full: nothing was queued
  over_share,  // the address asked for more than its share: nothing was queued
};

// Sends work of `cost` to the job pool, under the address's turn in its lane
// (a player's start, or a viewer's catch-up, replay or baseline: the
// players' go first), unless may_run_here and it is cheap enough to do
// inline.
placement place(job_pool& pool, const std::string& address, std::uint64_t cost, bool may_run_here,
                job_pool::lane lane, std::function<void()> job);

// The same, charged to the address first: over_share, with nothing queued,
// past its share.
placement charge_then_place(address_budgets& budgets, job_pool& pool, const std::string& address,
                            std::uint64_t cost, std::chrono::steady_clock::time_point now,
                            bool may_run_here, job_pool::lane lane, std::function<void()> job);

}  // namespace costly_work
}  // namespace ariadne
