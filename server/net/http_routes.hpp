#pragma once

#include <string>
#include <string_view>

#include "server/net/http_answer.hpp"
#include "server/net/server_context.hpp"

namespace ariadne {

// GET /healthz, /metrics, /api/generators, /api/mazes, and in competition
// mode /api/competition, /api/leaderboard(.csv); 404 elsewhere, 405 for
// methods other than GET and HEAD. Nothing here reveals a running maze, nor
// a ranked seed before the competition closes.
http_answer route_http(server_context& context, std::string_view method, std::string_view target);

}  // namespace ariadne
