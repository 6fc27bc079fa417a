#pragma once

#include <cstdint>

#include "core/maze/grid.hpp"

namespace ariadne {

struct maze_stats {
  std::uint64_t cells = 0;
  std::uint64_t passages = 0;    // open sides between two cells
  std::uint64_t dead_ends = 0;   // cells with exactly one open side
  std::uint64_t components = 0;  // connected parts (1 for a connected maze)
  std::uint64_t loops = 0;       // independent cycles: passages - cells + components
  // The longest shortest path between two cells of one component (the
  // diameter). Exact for loop-free mazes and for mazes of up to
  // exact_diameter_cells cells; otherwise a lower bound from a double BFS sweep.
  std::int32_t longest_path = 0;
  bool longest_path_exact = true;
  bool perfect() const { return components == 1 && loops == 0; }
};

inline constexpr std::uint64_t exact_diameter_cells = 4096;

maze_stats compute_stats(const grid& g);

// A 64-bit FNV-1a hash of the size and every cell's open sides, independent of
// how grid stores them: the golden tests pin generators with it.
std::uint64_t fingerprint(const grid& g);

}  // namespace ariadne
