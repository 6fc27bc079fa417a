#include "server/app/api_routes.hpp"

#include <nlohmann/json.hpp>

#include <spdlog/spdlog.h>

#include <charconv>
#include <chrono>

#include "core/maze/generators.hpp"
#include "core/play/run_setup.hpp"
#include "server/app/server_name.hpp"
#include "server/replay/replay_builder.hpp"
#include "web/web_assets.hpp"

namespace ariadne {

namespace {

// GET /api/runs: live runs in start order, then finished ones, latest last.
// Never a seed; a ranked run shows its challenge, not its maze, and until the
// mazes may be shown no counters (as the leaderboard: its score and steps
// would tell how far its deal's treasure lies).
http_answer runs_json(server_context& context) {
  nlohmann::json list = nlohmann::json::array();
  competition_hub* hub = context.competition();
  const bool reveal = hub != nullptr && hub->reveals_ranked_runs(std::chrono::system_clock::now());
  auto add = [&](const run_feed& feed) {
    const run_summary s = feed.summary();
    if (!s.start) return;
    if (feed.ranked() && !reveal) {
      list.push_back({{"run", feed.run_id()},
                      {"player", feed.player()},
                      {"maze", feed.challenge()},
                      {"ranked", true},
                      {"width", s.start->width},
                      {"height", s.start->height},
                      {"steps", nullptr},
                      {"bumps", nullptr},
                      {"found", nullptr},
                      {"treasures", s.start->options.treasures},
                      {"status", s.status == run_status::active ? "active" : "ended"},
                      {"spectators", 0},
                      {"started_at", iso_time(s.start->started_at)}});
      return;
    }
    list.push_back({{"run", feed.run_id()},
                    {"player", feed.player()},
                    {"maze", feed.ranked() ? feed.challenge() : s.start->source.label()},
                    {"ranked", feed.ranked()},
                    {"width", s.start->width},
                    {"height", s.start->height},
                    {"steps", s.steps},
                    {"bumps", s.bumps},
                    {"found", s.found},
                    {"treasures", s.start->options.treasures},
                    {"status", to_string(s.status)},
                    {"spectators", feed.spectators()},
                    {"started_at", iso_time(s.start->started_at)}});
  };
  for (const auto& feed : context.runs().live())
    add(*feed);
  for (const auto& feed : context.runs().finished())
    add(*feed);
  return {200, "application/json",
          list.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n"};
}

// GET /api/replays/{run}: built once per run, from its feed, and kept with it.
http_answer replay_json(server_context& context, std::string_view target) {
  const auto number = replay_target(target);
  if (!number) {
    return {404, "text/plain; charset=utf-8", "no such run: /api/replays/ takes a run number\n"};
  }
  const std::uint64_t run_id = *number;
  auto feed = context.runs().find(run_id);
  if (!feed) return {404, "text/plain; charset=utf-8", "no such run (or it ended too long ago)\n"};
  if (!feed->summary().result) {
    return {409, "text/plain; charset=utf-8", "the run is still in play; watch it on /watch/\n"};
  }
  competition_hub* hub = context.competition();
  if (feed->ranked() &&
      (hub == nullptr || !hub->reveals_ranked_runs(std::chrono::system_clock::now()))) {
    return {403, "text/plain; charset=utf-8",
            "a ranked run's replay is published once the competition has closed\n"};
  }
  if (auto kept = feed->replay()) return {200, "application/json", *kept};
  if (feed->moves().full()) {
    return {410, "text/plain; charset=utf-8",
            "this run made more moves than the server keeps (--max-replay-moves): it has no "
            "replay\n"};
  }
  auto built = build_replay(*feed, context.catalog());
  if (auto* problem = std::get_if<std::string>(&built)) {
    spdlog::error("run {}: no replay: {}", run_id, *problem);
    return {500, "text/plain; charset=utf-8", "this run's replay cannot be built\n"};
  }
  replay_document& replay = std::get<replay_document>(built);
  if (feed->ranked()) replay.label = feed->challenge();
  auto text = std::make_shared<const std::string>(write_replay(replay));
  feed->keep_replay(text);
  return {200, "application/json", *text};
}

// A page file: pages may load only this server's scripts and styles (the
// playground's bot runs in a worker made from a blob); they may fetch from
// anywhere (a replay's ?url=, a visitor's own bot).
http_answer page(std::string_view path) {
  const web_asset* asset = find_web_asset(path);
  if (asset == nullptr) return {404, "text/plain; charset=utf-8", "not found\n"};
  http_answer answer{200, std::string(asset->content_type), std::string(asset->body)};
  answer.headers = {{"X-Content-Type-Options", "nosniff"},
                    {"Cache-Control", "no-cache"},
                    {"Content-Security-Policy",
                     "default-src 'self'; connect-src *; img-src 'self' data:; "
                     "worker-src 'self' blob:; "
                     "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"}};
  return answer;
}

bool is_run_number(std::string_view text) {
  return !text.empty() && text.size() <= 20 &&
         text.find_first_not_of("0123456789") == std::string_view::npos;
}

}  // namespace

std::optional<std::uint64_t> replay_target(std::string_view target) {
  std::string_view path = target.substr(0, target.find('?'));
  constexpr std::string_view prefix = "/api/replays/";
  if (!path.starts_with(prefix)) return std::nullopt;
  path.remove_prefix(prefix.size());
  std::uint64_t run = 0;
  const auto [end, ec] = std::from_chars(path.data(), path.data() + path.size(), run);
  if (path.empty() || ec != std::errc() || end != path.data() + path.size()) return std::nullopt;
  return run;
}

http_answer ranked_replay_answer(server_context& context,
                                 const std::optional<ranked_run_record>& record) {
  competition_hub* hub = context.competition();
  if (!record || hub == nullptr || record->status == "interrupted") {
    return {404, "text/plain; charset=utf-8", "no such run (or it ended too long ago)\n"};
  }
  if (record->status == "in_play") {
    return {409, "text/plain; charset=utf-8", "the run is still in play\n"};
  }
  if (!hub->reveals_ranked_runs(std::chrono::system_clock::now())) {
    return {403, "text/plain; charset=utf-8",
            "a ranked run's replay is published once the competition has closed\n"};
  }
  if (record->moves.size() != record->steps + record->bumps) {
    return {410, "text/plain; charset=utf-8",
            "this run made more moves than the server keeps (--max-replay-moves): it has no "
            "replay\n"};
  }
  const auto status = run_status_names.parse(record->status);
  const auto request = hub->dealt_request(*record);
  std::string problem = "its challenge is no longer in the competition file";
  if (request && status) {
    // The maze it was dealt, set up again as its start set it up.
    auto setup =
        set_up_run(*request, context.catalog(), context.host(), record->run, 0, run::clock::now());
    if (auto* dealt = std::get_if<run>(&setup)) {
      run_start start;
      start.run_id = record->run;
      start.player = record->competitor_name;
      start.source = dealt->source();
      start.width = dealt->maze().width();
      start.height = dealt->maze().height();
      start.start = dealt->start();
      start.seed = dealt->seed();
      start.options = dealt->options();
      start.max_steps = dealt->max_steps();
      start.started_at =
          std::chrono::system_clock::time_point(std::chrono::milliseconds(record->started_at_ms));
      run_result recorded;
      recorded.status = *status;
      recorded.steps = record->steps;
      recorded.bumps = record->bumps;
      recorded.score = record->score;
      recorded.optimal = record->optimal;
      recorded.found = record->found;
      recorded.treasures = record->treasures;
      auto built = build_replay(start, context.catalog(), record->moves, recorded);
      if (auto* replay = std::get_if<replay_document>(&built)) {
        replay->label = record->challenge;
        return {200, "application/json", write_replay(*replay)};
      }
      problem = std::get<std::string>(built);
    } else {
      problem = std::get<request_error>(setup).message;
    }
  }
  spdlog::error("ranked run {}: no replay: {}", record->run, problem);
  return {500, "text/plain; charset=utf-8", "this run's replay cannot be built\n"};
}

http_answer route_http(server_context& context, std::string_view method, std::string_view target) {
  const std::string_view path = target.substr(0, target.find('?'));
  if (method != "GET" && method != "HEAD") {
    return {405, "text/plain; charset=utf-8", "only GET is served here\n"};
  }
  if (path == "/healthz") return {200, "text/plain; charset=utf-8", "ok\n"};
  competition_hub* hub = context.competition();
  if (path == "/metrics") {
    std::string text = context.stats().prometheus_text();
    if (hub != nullptr) text += hub->metrics_text();
    return {200, "text/plain; version=0.0.4; charset=utf-8", std::move(text)};
  }
  if (path == "/api/competition" || path == "/api/leaderboard" || path == "/api/leaderboard.csv") {
    if (hub == nullptr)
      return {404, "text/plain; charset=utf-8", "this server runs no competition\n"};
    if (path == "/api/competition") {
      return {200, "application/json", *hub->competition_json()};
    }
    // From the caches the leaderboard thread keeps: never a database read,
    // nor a document built per request, here.
    if (path == "/api/leaderboard") return {200, "application/json", *hub->leaderboard_json()};
    return {200, "text/csv; charset=utf-8", *hub->leaderboard_csv()};
  }
  if (path == "/api/generators") {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& info : all_generators()) {
      list.push_back({{"name", info.name}, {"summary", info.summary}});
    }
    return {200, "application/json", list.dump() + "\n"};
  }
  if (path == "/api/mazes") {
    nlohmann::json list = nlohmann::json::array();
    const auto now = std::chrono::system_clock::now();
    for (const auto& name : context.catalog().names()) {
      if (hub != nullptr && hub->reserves_maze(name, now)) continue;
      const auto layout = context.catalog().find(name);
      list.push_back({{"name", name},
                      {"width", layout->walls.width()},
                      {"height", layout->walls.height()},
                      {"goals", layout->goals.size()}});
    }
    return {200, "application/json", list.dump() + "\n"};
  }
  if (path == "/") return page("/index.html");
  if (path == "/replay") return page("/replay.html");
  if (path == "/play") return page("/play.html");
  if (path == "/favicon.ico") return page("/favicon.svg");
  if (path.starts_with("/watch/") && is_run_number(path.substr(7))) return page("/watch.html");
  if (path.starts_with("/static/")) return page(path.substr(7));
  if (path == "/api/server") {
    const nlohmann::json info = {{"name", "ariadne"},
                                 {"version", ARIADNE_VERSION},
                                 {"server", server_name()},
                                 {"competition", hub != nullptr}};
    return {200, "application/json", info.dump() + "\n"};
  }
  if (path == "/api/runs") return runs_json(context);
  if (path.starts_with("/api/replays/")) return replay_json(context, path);
  if (path == "/ws") {
    return {426, "text/plain; charset=utf-8",
            "this is the WebSocket endpoint: connect with a WebSocket client\n"};
  }
  return {404, "text/plain; charset=utf-8", "not found\n"};
}

}  // namespace ariadne
