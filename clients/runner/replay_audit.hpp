#pragma once

#include <iosfwd>
#include <string>

namespace ariadne {

// ariadne-bot --verify-replay FILE [--maze-dir DIR]: checks a replay offline
// against the rules. Its walls must hash to its walls_sha256; a generated
// maze must come out of its generator exactly; a named one, when maze_dir is
// given, must be that file's maze. Then its moves, played again, must give
// exactly its treasures, its fallen walls and its result. Says what it checked
// on out and what failed on err. Returns 0 when everything matches, 1 when
// something does not, 2 when the file cannot be read as a replay.
int verify_replay(const std::string& path, const std::string& maze_dir, std::ostream& out,
                  std::ostream& err);

}  // namespace ariadne
