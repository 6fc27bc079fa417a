#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace ariadne {

// ariadne-bot --compare-replays: the runs of replay files (an agent's,
// from /api/replays/RUN) beside the bundled bots on the very same mazes,
// seeds and options, each played offline on the rules: status, steps,
// bumps, score, efficiency, and how much each walked in circles (the cells
// it stood on, those it stood on 10 times or more, the most visits of one
// cell). A named maze needs maze_dir. 0 when every replay could be read and
// played, else 1 (2 for a file that is no replay).
int compare_replays(const std::vector<std::string>& paths, const std::vector<std::string>& bots,
                    const std::string& maze_dir, std::ostream& out, std::ostream& err);

}  // namespace ariadne
