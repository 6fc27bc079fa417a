#include "bots/dfs_bot.hpp"

#include <vector>

#include "bots/maze_memory.hpp"

namespace ariadne {

void dfs_bot::play(drone& d) {
  const maze_memory memory(d.maze_width(), d.maze_height());
  while (!d.finished()) {
    const std::uint32_t found = d.state().found;
    std::vector<std::uint8_t> visited(memory.cells(), 0);
    std::vector<direction> back;
    visited[memory.index(d.position())] = 1;
    while (!d.finished() && d.state().found == found) {
      bool advanced = false;
      for (const direction dir : all_directions) {
        const cell next = step(d.position(), dir);
        if (!d.is_open(dir) || !memory.contains(next) || visited[memory.index(next)] != 0) continue;
        d.move(dir);
        back.push_back(opposite(dir));
        visited[memory.index(next)] = 1;
        advanced = true;
        break;
      }
      if (advanced) continue;
      if (back.empty()) {
        // Everything reachable explored: the treasure cannot be reached.
        d.abandon();
        return;
      }
      d.move(back.back());
      back.pop_back();
    }
  }
}

}  // namespace ariadne
