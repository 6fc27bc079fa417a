#pragma once

#include "bots/bot.hpp"

namespace ariadne {

// Tremaux's algorithm: every passage between two cells carries a mark, the
// number of times it has been walked (0, 1, or 2 and then closed). At a cell,
// take a passage marked 0 if there is one; never take one marked 2; when a
// fresh passage leads into a cell already visited, turn straight back (the
// passage becomes 2); otherwise walk back along the passage marked 1. Finds
// the treasure in any maze, loops included, walking no passage more than
// twice: at most 2 x passages steps per treasure. Marks are reset after each
// find, since walls may have fallen.
class tremaux_bot : public bot {
 public:
  std::string_view name() const override { return "tremaux"; }
  void play(drone& d) override;
};

}  // namespace ariadne
