#include "clients/runner/replay_audit.hpp"

#include <fstream>
#include <iostream>
#include <sstream>

#include "core/game/maze_catalog.hpp"
#include "core/maze/maze_spec.hpp"
#include "core/maze/walls_code.hpp"
#include "core/play/replayer.hpp"
#include "protocol/replay_json.hpp"

namespace ariadne {

int verify_replay(const std::string& path, const std::string& maze_dir, std::ostream& out,
                  std::ostream& err) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    err << "ariadne-bot: cannot read " << path << "\n";
    return 2;
  }
  std::stringstream text;
  text << file.rdbuf();
  std::string error;
  const auto replay = protocol::read_replay(text.str(), error);
  if (!replay) {
    err << "ariadne-bot: " << path << " is not a replay: " << error << "\n";
    return 2;
  }
  const replay_setup& setup = replay->setup;
  int failures = 0;
  auto check = [&](bool ok, const std::string& what, const std::string& why) {
    (ok ? out : err) << (ok ? "ok: " : "MISMATCH: ") << what << (ok ? "" : ": " + why) << "\n";
    failures += ok ? 0 : 1;
  };
  const std::string digest = walls_digest(setup.layout.walls);
  check(digest == replay->walls_sha256, "the maze's walls hash to walls_sha256 " + digest,
        "the file says " + replay->walls_sha256);
  if (setup.source.generated()) {
    const maze_spec& spec = setup.source.spec;
    std::ostringstream name;
    name << spec.generator << " " << spec.width << "x" << spec.height << " seed " << spec.seed
         << " loops " << spec.loops;
    bool same = false;
    try {
      same = generate(spec) == setup.layout.walls;
    } catch (const std::exception& e) {
      error = e.what();
    }
    check(same, "the generator gives the same maze (" + name.str() + ")",
          error.empty() ? "it gives a different one" : error);
  } else if (!maze_dir.empty()) {
    const auto catalog = maze_catalog::load(maze_dir);
    const auto layout = catalog.find(setup.source.name);
    check(layout && *layout == setup.layout,
          "the named maze '" + setup.source.name + "' of " + maze_dir + " is the replay's",
          layout ? "its walls, start or goals differ" : "no such maze there");
  } else {
    out << "note: the named maze '" << setup.source.name
        << "' is checked by its walls_sha256 only (give --maze-dir to compare its file)\n";
  }
  const replay_result played = play_replay(setup, replay->moves, replay->result.status);
  if (!played.error.empty()) {
    check(false, "the moves play on the rules", played.error);
    return 1;
  }
  check(played.trace.treasures == replay->trace.treasures,
        "the treasures are hidden where the replay says", "the rules hide them elsewhere");
  check(played.trace.walls_removed == replay->trace.walls_removed,
        "the walls fall where the replay says", "the rules knock down other walls");
  run_result recorded = replay->result;
  run_result got = played.result;
  recorded.seed = got.seed = std::nullopt;
  std::ostringstream summary;
  summary << to_string(got.status) << ", " << got.steps << " steps, " << got.bumps
          << " bumps, score " << got.score << ", optimal " << got.optimal << ", found " << got.found
          << "/" << got.treasures;
  check(recorded == got, "the moves give exactly the recorded result: " + summary.str(),
        "the recorded result differs");
  if (failures == 0) {
    out << "replay of run " << replay->run << " verified\n";
    return 0;
  }
  err << "ariadne-bot: the replay of run " << replay->run << " does not verify (" << failures
      << " mismatches)\n";
  return 1;
}

}  // namespace ariadne
