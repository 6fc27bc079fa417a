#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <variant>

#include "core/game/maze_catalog.hpp"
#include "core/game/run.hpp"
#include "core/model/request_error.hpp"
#include "core/model/run_request.hpp"

namespace ariadne {

// The host's rules, which a request cannot change.
struct host_limits {
  std::uint64_t max_maze_cells = 1024ULL * 1024ULL;
  std::uint32_t bump_penalty = 1;
  std::uint64_t max_run_ms = 0;  // caps time_limit_ms; 0 = no cap
};

// Why this host will not play a checked request (an unknown maze name, more
// cells than it allows), or nullopt: asked before the host reserves anything.
std::optional<request_error> check_host(const run_request& request, const maze_catalog& catalog,
                                        const host_limits& host);

// What setting up a checked request costs, in the units of
// generator_info::cost_per_cell (about 10 ns each): generating the maze, then
// the search for where the treasure may hide. For a host deciding where, and
// whether, to set a run up.
std::uint64_t setup_cost(const run_request& request, const maze_catalog& catalog);

// The cost of the costliest start on a maze of `cells` cells: the most a
// host must be ready to spend on one start.
std::uint64_t costliest_setup(std::uint64_t cells);

// The cells of the maze a checked request asks for (0 for an unknown name).
std::uint64_t request_cells(const run_request& request, const maze_catalog& catalog);

// Builds the run a request asks for: checks it (check_request), fills in the
// defaults, looks up a named maze or generates one, hides the treasure. The
// server and the in-process drone both start runs here, so the same request
// gives the same game, or the same error. seed_if_absent is used when the
// request names no seed.
std::variant<run, request_error> set_up_run(const run_request& request, const maze_catalog& catalog,
                                            const host_limits& host, std::uint64_t run_id,
                                            std::uint64_t seed_if_absent,
                                            run::clock::time_point now,
                                            run_observer* observer = nullptr);
// set_up_run without its checks, for a host that has asked check_request
// and check_host already (the server, before it charges or reserves
// anything): the rules judge a request once.
std::variant<run, request_error> set_up_checked_run(const run_request& request,
                                                    const maze_catalog& catalog,
                                                    const host_limits& host, std::uint64_t run_id,
                                                    std::uint64_t seed_if_absent,
                                                    run::clock::time_point now,
                                                    run_observer* observer = nullptr);

}  // namespace ariadne
