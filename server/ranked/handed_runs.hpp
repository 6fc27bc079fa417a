#pragma once

#include <optional>
#include <string>

#include "server/competition/competition_hub.hpp"
#include "server/competition/rules/competition_rules.hpp"
#include "server/host/run_host.hpp"
#include "server/ranked/competitor_seats.hpp"

namespace ariadne {

// A ranked run another server on the store handed here (its competitor said
// hello here: ranked_play::run_handed), set up again: its dealt maze, its
// moves so far played again through the rules, its clock where it stood.
// Nullopt, with error set, when it cannot be (its challenge gone from the
// file, the server full, moves that do not play again).
std::optional<parked_run> rebuild_handed_run(run_host& host, const competition_hub& hub,
                                             const ranked_run_record& handed, std::string& error);

// The most setting a handed run of challenge `c` up again costs, in
// setup_cost units: its maze, and as many moves as a run of it keeps.
std::uint64_t handover_cost(const run_host& host, const challenge& c);

// Takes a handed run on: rebuilt on the job pool, then given to the
// competitor's hello waiting for it, or parked for its resume window
// (competitor_seats::arrive); one that cannot be rebuilt (its challenge
// gone, moves that do not play again) is given back. False when the job
// pool is full: the hub offers it again.
bool take_handed_run(run_host& host, competition_hub& hub, competitor_seats& seats,
                     const ranked_run_record& handed);

}  // namespace ariadne
