#pragma once

#include <memory>
#include <string>

#include "server/competition/competition_rules.hpp"
#include "server/competition/competition_schedule.hpp"
#include "server/store/results_store.hpp"

namespace ariadne {

// A competition's database as a server starts on it: the store, and the
// secret its seeds come from (before any reset), and its schedule.
struct opened_competition {
  std::unique_ptr<results_store> store;
  std::string secret;
  competition_schedule schedule;
};

// Opens (creates) the database; takes the secret from secret_file or the
// database (creating one on the first start); refuses a file that changes,
// or drops, a challenge which already has runs, or changes the seeds' mode
// or the secret under them; records the challenges and the file's times;
// publishes a close the file moved before runs already started as the last
// of those starts; and gives back the attempts a crash interrupted. Throws competition_error or
// store_error.
opened_competition open_competition(const competition_rules& rules, const std::string& db_path,
                                    const std::string& secret_file);

}  // namespace ariadne
