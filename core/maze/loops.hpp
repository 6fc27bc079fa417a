#pragma once

#include <cstdint>
#include <vector>

#include "core/maze/grid.hpp"
#include "core/maze/rng.hpp"
#include "core/maze/wall.hpp"

namespace ariadne {

// Braiding: removes round(fraction x dead ends) dead ends by opening one of
// their walls, preferring a wall shared with another dead end (which removes
// two at once). Opening walls never disconnects anything, and each opening
// adds a loop. fraction is clamped to [0, 1]. Returns the walls opened.
std::uint64_t add_loops(grid& g, double fraction, rng& r);

// Knocks down up to k interior walls chosen uniformly among those standing,
// as the game does when a maze is reused. Returns how many fell; when fallen
// is given, it is cleared and then lists them (each as the east or north side
// of a cell) in the order they fell.
std::uint64_t remove_walls(grid& g, std::uint64_t k, rng& r, std::vector<wall>* fallen = nullptr);

}  // namespace ariadne
