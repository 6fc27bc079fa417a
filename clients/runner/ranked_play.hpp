#pragma once

#include "bots/bot.hpp"
#include "clients/runner/runner_options.hpp"

namespace ariadne {

// Ranked runs with one bot on a competition's challenges: each challenge (or
// the one named) `attempts` times, as far as attempts are left. Prints a line
// per run; --json writes them. The exit code: 0, or 1 when a challenge had
// no attempt left or a start was refused.
int play_ranked(const runner_options& o, bot& player);

}  // namespace ariadne
