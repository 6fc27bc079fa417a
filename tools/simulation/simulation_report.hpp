#pragma once

#include <string>

#include "tools/simulation/simulation_figures.hpp"

namespace ariadne {

// ariadne-admin simulate's report for a terminal, and its --json document
// (docs/competition.md shows both).
std::string figures_text(const competition_figures& figures);
std::string figures_json(const competition_figures& figures);
// --compare-marks: a markdown table per challenge.
std::string comparison_text(const std::vector<mark_comparison>& comparisons, seed_mode seeds);

}  // namespace ariadne
