#include "clients/bots/tremaux_bot.hpp"

#include <optional>
#include <vector>

#include "clients/bots/maze_memory.hpp"

namespace ariadne {

void tremaux_bot::play(drone& d) {
  const maze_memory memory(d.maze_width(), d.maze_height());
  while (!d.finished()) {
    const std::uint32_t found = d.state().found;
    std::vector<std::uint8_t> marks(memory.passages(), 0);
    std::vector<std::uint8_t> visited(memory.cells(), 0);
    visited[memory.index(d.position())] = 1;
    std::optional<direction> came_by;
    bool arrived_at_visited = false;
    while (!d.finished() && d.state().found == found) {
      const cell here = d.position();
      auto mark = [&](direction dir) -> std::uint8_t& { return marks[memory.passage(here, dir)]; };
      std::optional<direction> go;
      const std::optional<direction> back =
          came_by ? std::optional(opposite(*came_by)) : std::nullopt;
      if (back && arrived_at_visited && mark(*back) == 1) {
        go = back;  // a new passage into a known cell: turn straight back
      }
      for (const direction dir : all_directions) {
        if (go) break;
        if (d.is_open(dir) && mark(dir) == 0) go = dir;
      }
      if (!go && back && d.is_open(*back) && mark(*back) == 1) go = back;
      for (const direction dir : all_directions) {
        if (go) break;
        if (d.is_open(dir) && mark(dir) == 1) go = dir;
      }
      if (!go) {
        // Every passage walked twice: the treasure cannot be reached.
        d.abandon();
        return;
      }
      ++mark(*go);
      d.move(*go);
      const std::size_t now = memory.index(d.position());
      arrived_at_visited = visited[now] != 0;
      visited[now] = 1;
      came_by = go;
    }
  }
}

}  // namespace ariadne
