#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "server/competition/records/records.hpp"
#include "server/net/http_routes.hpp"

namespace ariadne {

class server_context;

// GET /api/replays/{run}: a finished run rebuilt as a replay document. The
// refusals, and replays already built (kept with their run), are answered at
// once; building one generates its maze and plays its moves again, so it is
// charged to the address like a start and done on the job pool. A ranked run
// no longer in memory is read back from the store first, once the rules
// allow it to be shown (may_show_run).
void answer_replay(server_context& context, const http_request& request, http_reply reply);

// The run number of a /api/replays/{run} target, or nullopt.
std::optional<std::uint64_t> replay_target(std::string_view target);

// The answer for a run still in memory, built here when needed (on the pool).
http_answer live_replay_answer(server_context& context, std::uint64_t run);

// The answer for a ranked run read back from the store: its replay rebuilt
// from its dealt maze and its moves, when the rules allow it to be shown.
http_answer ranked_replay_answer(server_context& context,
                                 const std::optional<ranked_run_record>& record);

}  // namespace ariadne
