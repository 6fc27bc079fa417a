#pragma once

#include <cstdint>
#include <string_view>

#include "server/net/http_answer.hpp"

namespace ariadne {

class answer_cache;
class competition_hub;
class maze_catalog;
class metrics;
class run_registry;

// The plain HTTP answers made at once, each from what it uses (routes.cpp
// adds them, every one to the route table). Nothing here reveals a running
// maze, nor a ranked seed before the competition closes.
namespace api_routes {

// GET /healthz: ok, or 503 while the server drains (a proxy's health check
// takes it out of its rotation).
http_answer health(bool draining);
// GET /readyz: ready when the server takes play now (not draining, and its
// competition's store answers), else 503 with the reason: what a load
// balancer or an orchestrator routes new players by, where /healthz says
// the process is alive.
http_answer ready(bool draining, const competition_hub* hub);
// GET /metrics: Prometheus text, the competition's lines with one.
http_answer metrics_text(metrics& counters, const competition_hub* hub);
// What the competition publishes, from the leaderboard thread's cache (never
// a database read, nor a document built per request): /api/competition,
// /api/leaderboard, /api/leaderboard.csv, /api/leaderboard/history.
enum class published_document { competition, board, board_csv, board_history };
http_answer published(const competition_hub* hub, published_document which);
// GET /api/generators.
http_answer generators();
// GET /api/mazes: the named mazes, but those a challenge plays until the close.
http_answer mazes(const maze_catalog& catalog, const competition_hub* hub);
// GET /api/server.
http_answer server_info(const competition_hub* hub);
// GET /api/runs, built a few times a second at most whoever polls (cache);
// at once when the close reveals the ranked runs' counters.
http_answer runs(run_registry& registry, const competition_hub* hub, answer_cache& cache);
// GET /api/runs/{run}: one run as /api/runs lists it, or why it cannot be
// watched (the watch page asks before it connects).
http_answer one_run(run_registry& registry, const competition_hub* hub, std::uint64_t run);
// GET /ws: the WebSocket endpoint asked for without an upgrade.
http_answer websocket_only();
// A page file (web_assets): pages may load only this server's scripts and
// styles (the playground's bot runs in a worker made from a blob); they may
// fetch from anywhere (a replay's ?url=, a visitor's own bot).
http_answer page(std::string_view file);
http_answer not_found();
// A method other than GET and HEAD.
http_answer method_not_allowed();

}  // namespace api_routes

// True for the methods this server serves: GET and HEAD.
bool served_method(std::string_view method);

}  // namespace ariadne
