#pragma once

#include <cstdint>

#include "bots/drone.hpp"
#include "core/game/maze_catalog.hpp"
#include "core/game/run.hpp"
#include "core/play/drone_game.hpp"
#include "core/play/paint_rules.hpp"
#include "core/play/run_setup.hpp"

namespace ariadne {

// A drone playing the server's own rules in-process: no network, no JSON. It
// plays through the same core/play drone_game as a server session, so for the
// same start request it gives the very same step counts, and refuses the same
// requests with the same errors, as remote_drone against a server with the
// same limits, at millions of moves a second.
class local_drone : public drone {
 public:
  explicit local_drone(host_limits host = {}, const maze_catalog* catalog = nullptr)
      : host_(host), catalog_(catalog) {}

  // The maze of the current run, for pictures and checks (a remote drone
  // never sees it).
  const run* current_run() const { return game_.current(); }
  // Checked and counted as a server does; seen by no one.
  std::uint64_t paint(const protocol::paint_message& paint) override;

 protected:
  drone_state exchange(const protocol::client_message& message) override;

 private:
  host_limits host_;
  const maze_catalog* catalog_;
  maze_catalog empty_;
  drone_game game_;
  paint_tally paint_;  // the current run's
  std::uint64_t next_run_id_ = 1;
};

}  // namespace ariadne
