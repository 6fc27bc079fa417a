#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

namespace ariadne {

// The deadlines of one drone connection, as pure functions of its clocks:
// the hello, the run's own time limit and its idle limit, or between runs
// the connection's idle limit. client_session asks for a timer at
// next_deadline and, when it fires, does what due() says.
namespace session_deadlines {

using clock = std::chrono::steady_clock;

// The host's limits, in seconds (0: never, for the idle limits).
struct limits {
  std::uint64_t hello_seconds = 10;
  std::uint64_t run_idle_seconds = 120;
  std::uint64_t connection_idle_seconds = 600;
};

// Where a connection stands.
struct clocks {
  bool greeted = false;
  bool in_run = false;
  bool starting = false;                          // a start is being set up on the job pool
  std::optional<clock::time_point> run_deadline;  // the run's time limit
  // A ranked run's: the competition's close plus --close-grace-seconds.
  std::optional<clock::time_point> close_deadline;
  clock::time_point connected_at;
  clock::time_point last_activity;  // any message
  clock::time_point last_command;   // a command to the run in play
};

// What is due at a time.
enum class expiry {
  none,
  hello,            // no hello in time: close (1008)
  run_time,         // the run's time limit passed: it ends as timeout
  run_closed,       // the competition closed, and its grace passed: the run ends as timeout
  run_idle,         // no command for too long: the run ends as timeout
  connection_idle,  // silent between runs for too long: close (1008)
};

// The earliest deadline, or nullopt when none applies.
std::optional<clock::time_point> next_deadline(const clocks& c, const limits& l);
// What is due at now, the most pressing first.
expiry due(const clocks& c, const limits& l, clock::time_point now);

}  // namespace session_deadlines
}  // namespace ariadne
