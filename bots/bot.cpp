#include "bots/bot.hpp"

#include <array>

#include "bots/dfs_bot.hpp"
#include "bots/frontier_bot.hpp"
#include "bots/random_mouse_bot.hpp"
#include "bots/tremaux_bot.hpp"
#include "bots/wall_follower_bot.hpp"

namespace ariadne {

namespace {

constexpr std::array<bot_info, 5> registry = {{
    {"tremaux", "Tremaux's passage marks: never a passage more than twice", true},
    {"dfs", "depth-first search with a visited set, backtracking on foot", true},
    {"frontier", "walks the shortest known route to the nearest unexplored cell", true},
    {"wall_follower", "left hand on the wall; abandons when it circles", false},
    {"random_mouse", "random turns, no memory, until max_steps", false},
}};

}  // namespace

std::span<const bot_info> all_bots() {
  return registry;
}

std::unique_ptr<bot> make_bot(std::string_view name) {
  if (name == "tremaux") return std::make_unique<tremaux_bot>();
  if (name == "dfs") return std::make_unique<dfs_bot>();
  if (name == "frontier") return std::make_unique<frontier_bot>();
  if (name == "wall_follower") return std::make_unique<wall_follower_bot>(true);
  if (name == "wall_follower_right") return std::make_unique<wall_follower_bot>(false);
  if (name == "random_mouse") return std::make_unique<random_mouse_bot>();
  return nullptr;
}

const run_result& finish_game(drone& d, bot& player) {
  player.play(d);
  if (!d.finished()) d.abandon();
  return *d.state().result;
}

}  // namespace ariadne
