#pragma once

#include <string>
#include <string_view>

#include "server/net/http_answer.hpp"

namespace ariadne {

class server_context;

// The plain HTTP answers made at once: GET /healthz, /metrics,
// /api/generators, /api/mazes, /api/server, /api/runs, the pages, and in
// competition mode /api/competition and /api/leaderboard(.csv); 404
// elsewhere, 405 for methods other than GET and HEAD. Nothing here reveals a
// running maze, nor a ranked seed before the competition closes.
// (/api/replays/ and /api/baseline have routes of their own.)
http_answer route_http(server_context& context, std::string_view method, std::string_view target);

// This server's runs in memory as /api/runs lists them (its latest
// cluster_runs::most_published in play, and those ended), for the other
// servers on the competition's store.
std::string published_runs_list(server_context& context);

// True for the methods this server serves: GET and HEAD.
bool served_method(std::string_view method);

}  // namespace ariadne
