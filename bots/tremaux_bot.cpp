#include "bots/tremaux_bot.hpp"

#include <vector>

#include "bots/maze_memory.hpp"

namespace ariadne {

void tremaux_bot::play(drone& d) {
  const maze_memory memory(d.maze_width(), d.maze_height());
  while (!d.finished()) {
    const std::uint32_t found = d.state().found;
    std::vector<std::uint8_t> marks(memory.passages(), 0);
    std::vector<std::uint8_t> visited(memory.cells(), 0);
    visited[memory.index(d.position())] = 1;
    // The side of this cell the drone came in by, if it has moved yet.
    bool has_back = false;
    direction back = direction::north;
    bool arrived_at_visited = false;
    while (!d.finished() && d.state().found == found) {
      const cell here = d.position();
      auto mark = [&](direction dir) -> std::uint8_t& { return marks[memory.passage(here, dir)]; };
      int go = -1;
      if (has_back && arrived_at_visited && mark(back) == 1) {
        go = static_cast<int>(back);  // a new passage into a known cell: turn straight back
      }
      for (const direction dir : all_directions) {
        if (go < 0 && d.is_open(dir) && mark(dir) == 0) go = static_cast<int>(dir);
      }
      if (go < 0 && has_back && d.is_open(back) && mark(back) == 1) go = static_cast<int>(back);
      for (const direction dir : all_directions) {
        if (go < 0 && d.is_open(dir) && mark(dir) == 1) go = static_cast<int>(dir);
      }
      if (go < 0) {
        // Every passage walked twice: the treasure cannot be reached.
        d.abandon();
        return;
      }
      const auto dir = static_cast<direction>(go);
      ++mark(dir);
      d.move(dir);
      const std::size_t now = memory.index(d.position());
      arrived_at_visited = visited[now] != 0;
      visited[now] = 1;
      back = opposite(dir);
      has_back = true;
    }
  }
}

}  // namespace ariadne
