#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "clients/runner/games.hpp"

namespace ariadne {

// One bot's games, summed up.
struct summary {
  std::string bot;
  std::size_t runs = 0;
  std::size_t found = 0;
  std::size_t errors = 0;
  double median_steps = 0;
  double mean_steps = 0;
  double median_bumps = 0;
  double median_efficiency = 0;
  std::uint64_t worst_steps = 0;
};

summary summarize(const std::string& bot, const std::vector<game_result>& all);
// The table ariadne-bot prints, one line a bot.
std::string format_table(const std::vector<summary>& rows);
// The server's run numbers of a bot's games, in ranges: "runs 3-7, 9" ("no
// run" when none started).
std::string run_numbers(const std::string& bot, const std::vector<game_result>& all);
// --json: every game and the summary.
nlohmann::json games_json(const std::vector<game_result>& outcomes,
                          const std::vector<summary>& rows, const maze_options& maze);

}  // namespace ariadne
