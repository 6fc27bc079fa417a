#pragma once

#include <cstdint>

#include "server/maze/grid.hpp"
#include "server/maze/rng.hpp"

namespace ariadne {

// Braiding: removes round(fraction x dead ends) dead ends by opening one of
// their walls, preferring a wall shared with another dead end (which removes
// two at once). Opening walls never disconnects anything, and each opening
// adds a loop. fraction is clamped to [0, 1]. Returns the walls opened.
std::uint64_t add_loops(grid& g, double fraction, rng& r);

// Knocks down up to k interior walls chosen uniformly among those standing,
// as the game does when a maze is reused. Returns the walls knocked down.
std::uint64_t remove_walls(grid& g, std::uint64_t k, rng& r);

}  // namespace ariadne
