#pragma once

#include "bots/bot.hpp"

namespace ariadne {

// Nearest-frontier exploration: keeps the map it has sensed (the open sides of
// every cell it has stood on) and, at each decision, walks the shortest known
// route to the nearest cell it has not stood on yet, sending the route as one
// `path` message. Ties go to the candidate farthest (Manhattan) from where the
// hunt began, then in the order N, E, S, W: explored space lies around the
// start, so this leans toward the unexplored. Unlike Tremaux it never re-walks a
// loop to learn that it is one: in mazes with loops it backtracks along
// shortcuts it has seen. After a find, known openings stay valid (walls only
// fall) but every cell is sensed afresh on the next visit.
// Cost per decision: a breadth-first search over the known map, stopping at
// the first layer that holds a frontier cell.
class frontier_bot : public bot {
 public:
  std::string_view name() const override { return "frontier"; }
  void play(drone& d) override;
};

}  // namespace ariadne
