#include "core/maze/generators.hpp"

#include <array>

namespace ariadne {

namespace {

constexpr std::array<generator_info, 15> registry = {{
    {"hunt_and_kill", "random walk; when boxed in, scan rows from the south for a cell to join",
     &generators::hunt_and_kill},
    {"hunt_and_kill_random", "hunt-and-kill whose hunt takes a random frontier cell",
     &generators::hunt_and_kill_random},
    {"recursive_backtracker", "the digging method: depth-first carving with backtracking",
     &generators::recursive_backtracker},
    {"stick_knocking", "the pillar method: each interior pillar knocks one stick down",
     &generators::stick_knocking},
    {"binary_tree", "each cell opens north or east", &generators::binary_tree},
    {"sidewinder", "runs along each row, closed by one opening north", &generators::sidewinder},
    {"prim", "randomized Prim: grow from a random frontier cell", &generators::prim},
    {"kruskal", "randomized Kruskal: knock shuffled walls between unconnected cells",
     &generators::kruskal},
    {"wilson", "loop-erased random walks (uniform spanning tree)", &generators::wilson},
    {"aldous_broder", "random walk carving into unvisited cells (uniform spanning tree)",
     &generators::aldous_broder},
    {"eller", "row by row with connected sets, O(width) memory", &generators::eller},
    {"growing_tree", "growing tree, newest or random active cell by coin toss",
     &generators::growing_tree_mixed},
    {"growing_tree_newest", "growing tree, always the newest active cell",
     &generators::growing_tree_newest},
    {"growing_tree_random", "growing tree, a random active cell", &generators::growing_tree_random},
    {"recursive_division", "split chambers with walls that have one gap",
     &generators::recursive_division},
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
