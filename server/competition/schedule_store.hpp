#pragma once

#include <optional>
#include <string>

#include "server/competition/rules/competition_rules.hpp"
#include "server/competition/rules/competition_schedule.hpp"
#include "server/store/results_store.hpp"

namespace ariadne {

// The schedule as the store keeps it, in its meta table (ariadne-admin
// writes it, a running server reads it every second).

// The file's times, recorded at each start (so that ariadne-admin knows them).
void record_file_times(results_store& store, const competition_rules& rules);
// The schedule as the store holds it: the file's times as last recorded,
// those ariadne-admin set instead, the announcement and the resets. Throws
// store_error for a value no tool writes (a hand-edited database).
competition_schedule read_schedule(results_store& store);
// Writes the times and the announcement as the organizer's.
void write_schedule(results_store& store, const competition_schedule& schedule);

// Reads the schedule every second on one thread: a damaged value, or a
// store out of reach, keeps the schedule in force (nullopt), said in the log
// once, not every second, until it is read again. Not thread-safe.
class schedule_reader {
 public:
  std::optional<competition_schedule> read(results_store& store);

 private:
  std::string problem_;  // the last one logged
};

// Says in the log what the organizer changed from `before` to `after`.
void log_changes(const competition_schedule& before, const competition_schedule& after);

}  // namespace ariadne
