#pragma once

#include "bots/bot.hpp"

namespace ariadne {

// The random mouse: at each cell pick a random open side, not turning back
// unless it is a dead end. Remembers nothing; ends when it stumbles on the
// treasure or max_steps runs out. Its random choices are seeded by the run's
// seed, so a run is reproducible.
class random_mouse_bot : public bot {
 public:
  std::string_view name() const override { return "random_mouse"; }
  void play(drone& d) override;
};

}  // namespace ariadne
