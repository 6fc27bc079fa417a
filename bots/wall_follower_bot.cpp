#include "bots/wall_follower_bot.hpp"

#include <vector>

#include "bots/maze_memory.hpp"

namespace ariadne {

void wall_follower_bot::play(drone& d) {
  const maze_memory memory(d.maze_width(), d.maze_height());
  direction heading = direction::north;
  while (!d.finished()) {
    const std::uint32_t found = d.state().found;
    // Bit h of seen[cell]: stood here heading h.
    std::vector<std::uint8_t> seen(memory.cells(), 0);
    while (!d.finished() && d.state().found == found) {
      const std::uint8_t bit = static_cast<std::uint8_t>(1U << static_cast<unsigned>(heading));
      std::uint8_t& here = seen[memory.index(d.position())];
      if ((here & bit) != 0) {
        d.abandon();  // going round in circles
        return;
      }
      here |= bit;
      const direction hand = left_hand_ ? turn_left(heading) : turn_right(heading);
      const direction other = left_hand_ ? turn_right(heading) : turn_left(heading);
      bool moved = false;
      for (const direction dir : {hand, heading, other, opposite(heading)}) {
        if (!d.is_open(dir)) continue;
        d.move(dir);
        heading = dir;
        moved = true;
        break;
      }
      if (!moved) {
        d.abandon();  // a cell with no way out
        return;
      }
    }
  }
}

}  // namespace ariadne
