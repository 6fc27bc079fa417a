#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "core/maze/grid.hpp"
#include "core/maze/rng.hpp"

namespace ariadne {

// The maze generators. Each returns a perfect maze (connected, no loops) of the
// given size, drawing every random choice from r; the same rng state gives the
// same maze everywhere. Sizes are checked by the grid constructor.
namespace generators {

grid hunt_and_kill(std::int32_t width, std::int32_t height, rng& r);
grid hunt_and_kill_random(std::int32_t width, std::int32_t height, rng& r);
grid recursive_backtracker(std::int32_t width, std::int32_t height, rng& r);
grid stick_knocking(std::int32_t width, std::int32_t height, rng& r);
grid binary_tree(std::int32_t width, std::int32_t height, rng& r);
grid sidewinder(std::int32_t width, std::int32_t height, rng& r);
grid prim(std::int32_t width, std::int32_t height, rng& r);
grid kruskal(std::int32_t width, std::int32_t height, rng& r);
grid wilson(std::int32_t width, std::int32_t height, rng& r);
grid aldous_broder(std::int32_t width, std::int32_t height, rng& r);
grid eller(std::int32_t width, std::int32_t height, rng& r);
grid growing_tree_newest(std::int32_t width, std::int32_t height, rng& r);
grid growing_tree_random(std::int32_t width, std::int32_t height, rng& r);
grid growing_tree_mixed(std::int32_t width, std::int32_t height, rng& r);
grid recursive_division(std::int32_t width, std::int32_t height, rng& r);

}  // namespace generators

// The random-walk generators (Aldous-Broder, Wilson) stop after
// walk_steps_per_cell x cells + walk_steps_fixed steps; the cells not yet in
// the maze then join it from its frontier (generators_walk.cpp).
inline constexpr std::uint64_t walk_steps_per_cell = 32;
inline constexpr std::uint64_t walk_steps_fixed = 1ULL << 20;

// A generator as the CLI, the server and the tests name it, with what a
// server weighs before it agrees to generate a maze: its worst time, in units
// of about 10 ns on the development machine (docs/benchmarks.md), is at most
// cost_per_cell x cells + cost_fixed for up to a million cells.
struct generator_info {
  std::string_view name;
  std::string_view summary;
  grid (*make)(std::int32_t width, std::int32_t height, rng& r);
  std::uint32_t cost_per_cell = 1;
  std::uint32_t cost_fixed = 0;
};

// Every generator, in a fixed order.
std::span<const generator_info> all_generators();

// The generator called name, or nullptr.
const generator_info* find_generator(std::string_view name);

}  // namespace ariadne
