#pragma once

#include "bots/bot.hpp"

namespace ariadne {

// Plain depth-first search: remembers which cells it has stood on, enters an
// unvisited neighbour when it can (sides tried N, E, S, W) and otherwise walks
// back, physically, along its stack. It never enters a visited cell, so it
// walks a spanning tree of what it explores: at most 2 x (cells - 1) steps per
// treasure, loops or not, and it finds every reachable treasure. Memory is
// reset after each find, since walls may have fallen.
class dfs_bot : public bot {
 public:
  std::string_view name() const override { return "dfs"; }
  void play(drone& d) override;
};

}  // namespace ariadne
