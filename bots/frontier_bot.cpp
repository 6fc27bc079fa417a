#include "bots/frontier_bot.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "bots/maze_memory.hpp"

namespace ariadne {

namespace {

class explorer {
 public:
  explorer(drone& d) : d_(d), memory_(d.maze_width(), d.maze_height()) {
    known_open_.assign(memory_.cells(), 0);
    sensed_.assign(memory_.cells(), 0);
    fresh_.assign(memory_.cells(), 0);
    came_from_.assign(memory_.cells(), none);
  }

  void play() {
    while (!d_.finished()) {
      const std::uint32_t found = d_.state().found;
      std::fill(fresh_.begin(), fresh_.end(), std::uint8_t{0});
      origin_ = d_.position();
      learn();
      while (!d_.finished() && d_.state().found == found) {
        const auto route = route_to_frontier();
        if (!route) {
          d_.abandon();  // nothing left to explore: the treasure cannot be reached
          return;
        }
        walk(*route);
      }
    }
  }

 private:
  static constexpr std::uint8_t none = 0xff;

  // Records what the drone senses where it stands.
  void learn() {
    const std::size_t i = memory_.index(d_.position());
    known_open_[i] = static_cast<std::uint8_t>(d_.state().open);
    sensed_[i] = 1;
    fresh_[i] = 1;
  }

  bool open(cell c, direction dir) const { return opens(known_open_[memory_.index(c)], dir); }

  // BFS over known passages to the nearest cell not yet stood on (since the
  // last find); the route to it, or nullopt when there is none.
  std::optional<std::vector<direction>> route_to_frontier() {
    const cell start = d_.position();
    std::fill(came_from_.begin(), came_from_.end(), none);
    layer_.assign(1, start);
    came_from_[memory_.index(start)] = 4;  // the root
    while (!layer_.empty()) {
      std::optional<cell> best;
      int best_score = -1;
      next_.clear();
      for (const cell c : layer_) {
        // A cell never sensed has no known sides: it is only ever a target.
        if (sensed_[memory_.index(c)] == 0) continue;
        for (const direction dir : all_directions) {
          if (!open(c, dir)) continue;
          const cell n = step(c, dir);
          const std::size_t ni = memory_.index(n);
          if (came_from_[ni] != none) continue;
          came_from_[ni] = static_cast<std::uint8_t>(dir);
          next_.push_back(n);
          if (fresh_[ni] != 0) continue;
          // Ties go toward unexplored space: away from where this hunt began.
          const int score = manhattan(n, origin_);
          if (score > best_score) {
            best_score = score;
            best = n;
          }
        }
      }
      if (best) return route_back(start, *best);
      layer_.swap(next_);
    }
    return std::nullopt;
  }

  std::vector<direction> route_back(cell start, cell target) const {
    std::vector<direction> route;
    for (cell c = target; c != start;) {
      const auto dir = static_cast<direction>(came_from_[memory_.index(c)]);
      route.push_back(dir);
      c = step(c, opposite(dir));
    }
    std::reverse(route.begin(), route.end());
    return route;
  }

  // Walks a route. Through cells sensed since the last find one path message
  // does; otherwise each cell on the way is sensed afresh, one move at a time.
  void walk(const std::vector<direction>& route) {
    bool all_fresh = true;
    cell c = d_.position();
    for (std::size_t k = 0; k + 1 < route.size(); ++k) {
      c = step(c, route[k]);
      if (fresh_[memory_.index(c)] == 0) all_fresh = false;
    }
    if (all_fresh) {
      d_.path(route);
      learn();
      return;
    }
    for (const direction dir : route) {
      const std::uint32_t found = d_.state().found;
      d_.move(dir);
      learn();
      if (d_.finished() || d_.state().found != found) return;
    }
  }

  drone& d_;
  maze_memory memory_;
  std::vector<std::uint8_t> known_open_;
  std::vector<std::uint8_t> sensed_;  // ever stood on: its sides are known
  std::vector<std::uint8_t> fresh_;   // stood on since the last find
  std::vector<std::uint8_t> came_from_;
  std::vector<cell> layer_;
  std::vector<cell> next_;
  cell origin_;
};

}  // namespace

void frontier_bot::play(drone& d) {
  explorer(d).play();
}

}  // namespace ariadne
