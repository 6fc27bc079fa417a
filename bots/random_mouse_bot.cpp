#include "bots/random_mouse_bot.hpp"

#include <optional>

#include "core/maze/rng.hpp"

namespace ariadne {

void random_mouse_bot::play(drone& d) {
  rng r(d.state().seed.value_or(0) ^ 0x6d6f757365ULL);
  std::optional<direction> last;
  while (!d.finished()) {
    direction options[4];
    std::uint32_t count = 0;
    for (const direction dir : all_directions) {
      if (d.is_open(dir) && (!last || dir != opposite(*last))) options[count++] = dir;
    }
    if (count == 0) {
      if (!last || !d.is_open(opposite(*last))) {
        d.abandon();  // a cell with no way out
        return;
      }
      options[count++] = opposite(*last);
    }
    const direction dir = options[count == 1 ? 0 : r.below(count)];
    d.move(dir);
    last = dir;
  }
}

}  // namespace ariadne
