#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "server/competition/records/records.hpp"

namespace ariadne {

// What the competition tells the server's connections (their seats, in
// ranked play) of what the store says: called on the cluster loop's thread
// (cluster_events, forwarded), under no lock of the competition's, never
// after competition_hub::listen(nullptr) has returned.
class competition_events {
 public:
  virtual ~competition_events() = default;
  // The competitor's latest hello was on server `node`: its connection here,
  // if any, lets go. `read_from`: when the reading of the hellos began (a
  // hello recorded here since is not judged by it).
  virtual void seat_moved(std::int64_t competitor, const std::string& node,
                          std::chrono::steady_clock::time_point read_from) = 0;
  // A ranked run in play that another server handed to this one, with its
  // moves so far: this server's to play on, or to end. False when it was not
  // taken now: it is offered again at the next look.
  virtual bool run_handed(const ranked_run_record& run) = 0;
  // The competitor's run in play is on a server that stopped beating: a
  // hello here awaiting it waits no more.
  virtual void run_stranded(std::int64_t competitor) = 0;
  // The token a connection of the competitor said hello with was rotated or
  // revoked: that connection ends.
  virtual void token_withdrawn(std::int64_t competitor) = 0;
};

}  // namespace ariadne
