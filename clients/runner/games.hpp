#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bots/bot.hpp"
#include "bots/drone.hpp"
#include "clients/sdk/maze_options.hpp"
#include "core/model/run_result.hpp"

namespace ariadne {

// One game: a bot on a seed.
struct game_result {
  std::string bot;
  std::uint64_t seed = 0;
  std::uint64_t run = 0;  // the server's run number
  bool played = false;
  run_result result;
  std::string error;
};

// Makes the bot a name stands for: a bundled bot, or the program of
// --program. Thread-safe.
using player_factory = std::function<std::unique_ptr<bot>(const std::string& name)>;

// Starts a run on the maze and seed, and plays it to its end.
const run_result& play_game(drone& d, bot& player, const maze_options& maze, std::uint64_t seed);

// What ariadne-bot calls a bundled bot in hello: "ariadne-bot/frontier 0.1.0".
std::string bot_label(std::string_view bot);

// Every bot on every seed, in bot-major order, by `jobs` workers, each with
// its own players (make_player) and a drone for each bot it plays
// (make_drone(bot)); tick(bot) after each game. A lost connection, or
// a start the server refuses, stops them all: the first such error is
// thrown. A busy or rate-limited server fails only that game.
std::vector<game_result> play_all(
    const std::vector<std::string>& bots, const std::vector<std::uint64_t>& seeds,
    const maze_options& maze, unsigned jobs, const player_factory& make_player,
    const std::function<std::unique_ptr<drone>(const std::string& bot)>& make_drone,
    const std::function<void(const std::string& bot)>& tick);

}  // namespace ariadne
