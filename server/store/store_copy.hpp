#pragma once

#include <cstddef>

#include "server/store/results_store.hpp"

namespace ariadne {

// What copy_store moved.
struct copied_counts {
  std::size_t competitors = 0;
  std::size_t challenges = 0;
  std::size_t runs = 0;
  std::size_t meta = 0;  // keys: the secret, the schedule, the announcement...
};

// Copies a whole competition into an empty store (ariadne-admin copy): its
// meta (the secret among it, not the schema's version, which is the
// target's own), competitors with their tokens' hashes and revocations,
// challenges, and every run with its numbers and moves, so that the
// leaderboard, export-runs and the replays read the same from both. from is
// read as one snapshot (a server may run on it); to is written in one
// transaction. Throws store_error, having written nothing, when to holds
// anything already.
copied_counts copy_store(results_store& from, results_store& to);

}  // namespace ariadne
