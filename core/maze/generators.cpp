#include "core/maze/generators.hpp"

#include <array>

namespace ariadne {

namespace {

// Costs: the worst of 1024 x 1024 and 8192 x 1, 8 and 128, with a margin
// (scripts/bench-maze.sh --benchmark_filter=worst; docs/benchmarks.md). The
// random walks' step budget bounds theirs: a step costs about one unit.
constexpr std::array<generator_info, 15> registry = {{
    {"hunt_and_kill", "random walk; when boxed in, scan rows from the south for a cell to join",
     &generators::hunt_and_kill, 3, 0},
    {"hunt_and_kill_random", "hunt-and-kill whose hunt takes a random frontier cell",
     &generators::hunt_and_kill_random, 7, 0},
    {"recursive_backtracker", "the digging method: depth-first carving with backtracking",
     &generators::recursive_backtracker, 3, 0},
    {"stick_knocking", "the pillar method: each interior pillar knocks one stick down",
     &generators::stick_knocking, 2, 0},
    {"binary_tree", "each cell opens north or east", &generators::binary_tree, 1, 0},
    {"sidewinder", "runs along each row, closed by one opening north", &generators::sidewinder, 1,
     0},
    {"prim", "randomized Prim: grow from a random frontier cell", &generators::prim, 12, 0},
    {"kruskal", "randomized Kruskal: knock shuffled walls between unconnected cells",
     &generators::kruskal, 20, 0},
    {"wilson", "loop-erased random walks (uniform spanning tree)", &generators::wilson, 60,
     walk_steps_fixed},
    {"aldous_broder", "random walk carving into unvisited cells (uniform spanning tree)",
     &generators::aldous_broder, 60, walk_steps_fixed},
    {"eller", "row by row with connected sets, O(width) memory", &generators::eller, 4, 0},
    {"growing_tree", "growing tree, newest or random active cell by coin toss",
     &generators::growing_tree_mixed, 6, 0},
    {"growing_tree_newest", "growing tree, always the newest active cell",
     &generators::growing_tree_newest, 4, 0},
    {"growing_tree_random", "growing tree, a random active cell", &generators::growing_tree_random,
     4, 0},
    {"recursive_division", "split chambers with walls that have one gap",
     &generators::recursive_division, 2, 0},
}};

}  // namespace

std::span<const generator_info> all_generators() {
  return registry;
}

const generator_info* find_generator(std::string_view name) {
  for (const auto& info : registry) {
    if (info.name == name) return &info;
  }
  return nullptr;
}

}  // namespace ariadne
