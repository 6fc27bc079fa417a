#pragma once

#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>

#include "server/store/store_location.hpp"

namespace ariadne {

// A command that cannot be done: one line saying why. Nothing was changed.
struct organizer_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What ariadne-admin's schedule commands were given (RFC 3339 times; a
// duration such as 90m, 2h or 1d).
struct schedule_request {
  std::optional<std::string> at;
  std::optional<std::string> until;
  std::optional<std::string> to;
  std::optional<std::string> by;
};

// The organizer's commands on a running competition. Each writes to the
// database in one transaction, which every server reads within a second,
// prints what it did, or throws organizer_error having changed nothing.
// open, close or extend (ariadne-admin's subcommands of those names).
void change_schedule(results_store& store, const std::string& command,
                     const schedule_request& request, std::ostream& out);
// Shows text (empty: none) in the welcome and on the home page.
void announce(results_store& store, const std::string& text, std::ostream& out);
// Deletes every ranked run, keeping competitors and tokens; the attempts
// start over on other mazes. Only while no competitor can start.
void reset_results(results_store& store, std::ostream& out);
// Adds the competitors named in a CSV file (its first column; a first line
// "name" is a header) and writes their tokens to a new file (name,token;
// readable by its owner only). All or nothing.
void import_competitors(results_store& store, const std::string& csv_file,
                        const std::string& tokens_file, std::ostream& out);
// Every competitor with its state, attempts used and last activity.
void list_competitors(results_store& store, const std::string& format, std::ostream& out);
// The schedule, the announcement and the number of results.
void show_status(results_store& store, std::ostream& out);

}  // namespace ariadne
