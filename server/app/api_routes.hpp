#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "server/net/http_answer.hpp"
#include "server/app/server_context.hpp"
#include "server/store/results_store.hpp"

namespace ariadne {

// GET /healthz, /metrics, /api/generators, /api/mazes, and in competition
// mode /api/competition, /api/leaderboard(.csv); 404 elsewhere, 405 for
// methods other than GET and HEAD. Nothing here reveals a running maze, nor
// a ranked seed before the competition closes.
http_answer route_http(server_context& context, std::string_view method, std::string_view target);

// GET /api/replays/{run} for a ranked run no longer in memory, once the store
// has answered (competition_hub::find_ranked_run): its replay rebuilt from
// its dealt maze and its moves, when the rules allow it to be shown.
http_answer ranked_replay_answer(server_context& context,
                                 const std::optional<ranked_run_record>& record);

// The run number of a /api/replays/{run} target, or nullopt.
std::optional<std::uint64_t> replay_target(std::string_view target);

}  // namespace ariadne
