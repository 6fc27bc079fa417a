#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <variant>

#include "core/game/maze_catalog.hpp"
#include "core/play/replayer.hpp"
#include "protocol/replay_json.hpp"
#include "server/live/run_feed.hpp"
#include "server/live/run_start.hpp"

namespace ariadne {

// What a run started with, ready to be played again: its maze generated
// again or looked up in the catalog. Nullopt, with error set, when a named
// maze is no longer in the catalog.
std::optional<replay_setup> setup_for(const run_start& start, const maze_catalog& catalog,
                                      std::string& error);

// The replay of a finished run: its setup, its moves, and what playing them
// again shows. Playing them again must give exactly the result the run
// reported; anything else is an error (a bug, never a replay to publish).
std::variant<protocol::replay_document, std::string> build_replay(const run_feed& feed,
                                                                  const maze_catalog& catalog);
// The same from what a run started with, its moves and its recorded result
// (a ranked run read back from the store).
std::variant<protocol::replay_document, std::string> build_replay(const run_start& start,
                                                                  const maze_catalog& catalog,
                                                                  std::string moves,
                                                                  const run_result& recorded);
// The same on a setup already at hand (a ranked run's dealt maze, just set
// up again): its maze is not generated a second time.
std::variant<protocol::replay_document, std::string> build_replay(const run_start& start,
                                                                  const replay_setup& setup,
                                                                  std::string moves,
                                                                  const run_result& recorded);

// The replay document from a finished replayer's record (spectator_view's
// end, build_replay): no further playing.
protocol::replay_document replay_from(const run_start& start, const replay_setup& setup,
                                      std::string moves, const replay_trace& trace,
                                      const run_result& result);

}  // namespace ariadne
