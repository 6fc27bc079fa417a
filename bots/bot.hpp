#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "bots/drone.hpp"

namespace ariadne {

// An exploring strategy. play() takes a drone whose run has just started and
// moves it until the run ends: every treasure found, max_steps reached, or
// the bot gives up (abandon). Bots only use what the drone senses.
class bot {
 public:
  virtual ~bot() = default;
  virtual std::string_view name() const = 0;
  virtual void play(drone& d) = 0;
};

struct bot_info {
  std::string_view name;
  std::string_view summary;
  // True for bots that find every reachable treasure (the runner's exit code
  // holds them to it).
  bool always_finds;
};

std::span<const bot_info> all_bots();
// The bot called name, or nullptr.
std::unique_ptr<bot> make_bot(std::string_view name);

// Lets the bot play the started run to its end (abandoning if it stops
// early): the one way the runner, the baseline, a competition's reference and
// simulate play a game.
const run_result& finish_game(drone& d, bot& player);

}  // namespace ariadne
