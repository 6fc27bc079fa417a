#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "server/competition/cluster/node_presence.hpp"
#include "server/competition/rules/competition_rules.hpp"
#include "server/competition/rules/competition_schedule.hpp"
#include "server/store/results_store.hpp"

namespace ariadne {

// A competition's database as a server starts on it: the store, and the
// secret its seeds come from (before any reset), its schedule, and the
// first of the run numbers it claimed.
struct opened_competition {
  std::unique_ptr<results_store> store;
  std::string secret;
  competition_schedule schedule;
  std::uint64_t first_run_number = 1;
  std::size_t living = 1;  // the servers beating on the store, this one included
};

// Opens (creates) the database; takes the secret from secret_file or the
// database (creating one on the first start); refuses a file that changes,
// or drops, a challenge which already has runs, or changes the seeds' mode
// or the secret under them; records the challenges and the file's times;
// publishes a close the file moved before runs already started as the last
// of those starts; refuses to start beside a living server of the same
// node name; gives back the attempts of its own runs a crash interrupted,
// and those of dead nodes; and claims a block of run numbers. Throws
// competition_error or store_error.
opened_competition open_competition(const competition_rules& rules, const std::string& db_path,
                                    const std::string& secret_file, const server_node& node = {});

}  // namespace ariadne
