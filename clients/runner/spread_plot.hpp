#pragma once

#include <string>
#include <vector>

#include "clients/runner/games.hpp"

namespace ariadne {

// What --plot draws for each run: its efficiency (optimal / score, 0 when
// the treasure was not found) or its steps.
enum class plot_metric { efficiency, steps };

// --plot: the spread of the runs, one row a bot, a dot a run (seeds played
// only), its median marked with a line; an SVG document titled `title`.
std::string spread_svg(const std::vector<std::string>& bots,
                       const std::vector<game_result>& outcomes, plot_metric metric,
                       const std::string& title);

}  // namespace ariadne
