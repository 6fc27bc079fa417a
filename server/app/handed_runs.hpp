#pragma once

#include <optional>
#include <string>

#include "server/app/competitor_seats.hpp"
#include "server/store/results_store.hpp"

namespace ariadne {

class server_context;

// A ranked run another server on the store handed here (its competitor said
// hello here, competition_hub::on_run_handed), set up again: its dealt maze,
// its moves so far played again through the rules, its clock where it
// stood. Nullopt, with error set, when it cannot be (its challenge gone
// from the file, the server full, moves that do not play again).
std::optional<parked_run> rebuild_handed_run(server_context& context,
                                             const ranked_run_record& handed, std::string& error);

// Takes a handed run on: rebuilt on the job pool, then given to the
// competitor's hello waiting for it, or parked for its resume window
// (competitor_seats::arrive); one that cannot be rebuilt is given back.
// Only posts work: called under the hub's lock.
void take_handed_run(server_context& context, const ranked_run_record& handed);

}  // namespace ariadne
