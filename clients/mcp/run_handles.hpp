#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace ariadne::mcp {

// The handles of one session's runs, and the last report of each ended run
// for status. A handle is the server's run number while that number is new
// to the session; a server that restarted numbers its runs from 1 again,
// and such a run gets the next number above every handle given, so that a
// handle never names two runs.
class run_handles {
 public:
  // An ended run's last report: its structured content (JSON text) and text.
  struct report {
    std::string structured;
    std::string text;
  };

  // The handle of a run the server numbered `run`.
  std::uint64_t issue(std::uint64_t run);
  // Keeps the report of the ended run `handle` (the latest 100 runs).
  void keep(std::uint64_t handle, report r);
  // The report kept for `handle`, or null.
  const report* find(std::uint64_t handle) const;

  static constexpr std::size_t kept = 100;

 private:
  std::uint64_t highest_ = 0;
  std::map<std::uint64_t, report> ended_;
};

}  // namespace ariadne::mcp
