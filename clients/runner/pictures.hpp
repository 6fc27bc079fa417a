#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "bots/bot.hpp"
#include "clients/runner/games.hpp"
#include "clients/sdk/maze_options.hpp"
#include "core/game/maze_catalog.hpp"
#include "core/game/run.hpp"

namespace ariadne {

// The final maze with the bot's path as text: S the start, T the last
// treasure, '.' every other cell the bot stood on.
std::string trail_text(const run& r, const std::vector<cell>& trail);

// --svg: the bot's game on the seed, played offline, drawn as an SVG file.
// Throws std::runtime_error when the file cannot be written.
void write_game_svg(const std::string& file, bot& player, const maze_options& maze,
                    std::uint64_t seed, const maze_catalog& catalog);

// --show: each bot's game on the seed, played offline, as text.
std::string show_games(const std::vector<std::string>& bots, const player_factory& make_player,
                       const maze_options& maze, std::uint64_t seed, const maze_catalog& catalog);

// Games played so far, on stderr: a bar on a terminal, else a line every
// tenth. Thread-safe.
class progress {
 public:
  progress(std::size_t total, bool enabled);
  void tick(const std::string& bot);

 private:
  std::size_t total_;
  bool enabled_;
  bool tty_;
  std::size_t done_ = 0;
  std::mutex mutex_;
};

}  // namespace ariadne
