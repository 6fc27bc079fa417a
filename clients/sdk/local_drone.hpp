#pragma once

#include <optional>
#include <string>

#include "clients/sdk/drone.hpp"
#include "server/game/maze_catalog.hpp"
#include "server/game/run.hpp"
#include "server/game/run_setup.hpp"

namespace ariadne {

// A drone playing the server's own rules in-process: no network, no JSON. For
// the same start request it gives the very same step counts as remote_drone
// against a server with the same limits, at millions of moves a second.
class local_drone : public drone {
 public:
  explicit local_drone(run_limits limits = {}, const maze_catalog* catalog = nullptr)
      : limits_(limits), catalog_(catalog) {}

  // The maze of the current run, for pictures and checks (a remote drone
  // never sees it).
  const run* current_run() const { return run_ ? &*run_ : nullptr; }

 protected:
  drone_state exchange(const protocol::client_message& message) override;

 private:
  run_limits limits_;
  const maze_catalog* catalog_;
  maze_catalog empty_;
  std::optional<run> run_;
  std::uint64_t next_run_id_ = 1;
};

}  // namespace ariadne
