#include "server/replay/replay_builder.hpp"

#include <chrono>

#include "core/maze/maze_spec.hpp"
#include "core/maze/walls_code.hpp"
#include "core/model/utc_time.hpp"

namespace ariadne {
std::optional<replay_setup> setup_for(const run_start& start, const maze_catalog& catalog,
                                      std::string& error) {
  replay_setup setup{maze_layout{grid(1, 1), std::nullopt, {}}, start.source, start.seed,
                     start.options};
  if (start.source.generated()) {
    setup.layout.walls = generate(start.source.spec);
  } else {
    const auto layout = catalog.find(start.source.name);
    if (!layout) {
      error = "the maze '" + start.source.name + "' is no longer in the catalog";
      return std::nullopt;
    }
    setup.layout = *layout;
  }
  return setup;
}

protocol::replay_document replay_from(const run_start& start, const replay_setup& setup,
                                      std::string moves, const replay_trace& trace,
                                      const run_result& result) {
  protocol::replay_document replay;
  replay.run = start.run_id;
  replay.player = start.player;
  replay.bot = start.bot;
  replay.label = start.source.label();
  replay.started_at = format_time(std::chrono::floor<std::chrono::seconds>(start.started_at));
  replay.setup = setup;
  replay.walls_sha256 = walls_digest(setup.layout.walls);
  replay.max_steps = start.max_steps;
  replay.moves = std::move(moves);
  replay.trace = trace;
  replay.result = result;
  replay.result.seed = start.seed;
  return replay;
}

std::variant<protocol::replay_document, std::string> build_replay(const run_feed& feed,
                                                                  const maze_catalog& catalog) {
  const run_summary summary = feed.summary();
  if (!summary.start || !summary.result) return std::string("the run has not ended");
  std::string moves;
  feed.moves().copy(0, feed.moves().size(), moves);
  auto built = build_replay(*summary.start, catalog, std::move(moves), *summary.result);
  // What its bot painted, shown with the moves it came after.
  if (auto* replay = std::get_if<protocol::replay_document>(&built))
    feed.paint().copy(0, replay->paint);
  return built;
}

std::variant<protocol::replay_document, std::string> build_replay(const run_start& start,
                                                                  const maze_catalog& catalog,
                                                                  std::string moves,
                                                                  const run_result& recorded) {
  std::string error;
  auto setup = setup_for(start, catalog, error);
  if (!setup) return error;
  return build_replay(start, *setup, std::move(moves), recorded);
}

std::variant<protocol::replay_document, std::string> build_replay(const run_start& start,
                                                                  const replay_setup& setup,
                                                                  std::string moves,
                                                                  const run_result& recorded) {
  const replay_result outcome = play_replay(setup, moves, recorded.status);
  if (!outcome.error.empty()) return "the run does not replay: " + outcome.error;
  const run_result& got = outcome.result;
  if (got.status != recorded.status || got.steps != recorded.steps || got.bumps != recorded.bumps ||
      got.score != recorded.score || got.optimal != recorded.optimal ||
      got.found != recorded.found) {
    return std::string("the run replays to a different result");
  }
  return replay_from(start, setup, std::move(moves), outcome.trace, got);
}

}  // namespace ariadne
