#include "server/app/api_routes.hpp"

#include <nlohmann/json.hpp>

#include <chrono>

#include "core/game/maze_catalog.hpp"
#include "core/maze/generators.hpp"
#include "core/model/version.hpp"
#include "server/app/answer_cache.hpp"
#include "server/app/run_rows.hpp"
#include "server/competition/competition_hub.hpp"
#include "server/host/metrics.hpp"
#include "server/host/server_name.hpp"
#include "server/live/run_registry.hpp"
#include "server/ranked/disclosure.hpp"
#include "web/web_assets.hpp"

namespace ariadne {

bool served_method(std::string_view method) {
  return method == "GET" || method == "HEAD";
}

namespace api_routes {

http_answer health(bool draining) {
  return draining ? http_answer::text(503, "draining\n") : http_answer::text(200, "ok\n");
}

http_answer ready(bool draining, const competition_hub* hub) {
  if (draining) return http_answer::text(503, "draining\n");
  if (hub != nullptr && !hub->store_reachable()) {
    return http_answer::text(503, "the competition's store does not answer\n");
  }
  return http_answer::text(200, "ready\n");
}

http_answer metrics_text(metrics& counters, const competition_hub* hub) {
  std::string text = counters.prometheus_text();
  if (hub != nullptr) text += hub->metrics_text();
  return {200, "text/plain; version=0.0.4; charset=utf-8", std::move(text)};
}

http_answer published(const competition_hub* hub, published_document which) {
  if (hub == nullptr) return http_answer::text(404, "this server runs no competition\n");
  const auto documents = hub->published();
  switch (which) {
    case published_document::competition:
      return {200, "application/json", *documents.competition_json};
    case published_document::board:
      return {200, "application/json", *documents.board_json};
    case published_document::board_history:
      return {200, "application/json", *documents.history_json};
    case published_document::board_csv:
      break;
  }
  return {200, "text/csv; charset=utf-8", *documents.board_csv};
}

http_answer generators() {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& info : all_generators()) {
    list.push_back({{"name", info.name}, {"summary", info.summary}});
  }
  return {200, "application/json", list.dump() + "\n"};
}

http_answer mazes(const maze_catalog& catalog, const competition_hub* hub) {
  nlohmann::json list = nlohmann::json::array();
  const auto now = std::chrono::system_clock::now();
  for (const auto& name : catalog.names()) {
    if (hub != nullptr && hub->reserves_maze(name, now)) continue;
    const auto layout = catalog.find(name);
    list.push_back({{"name", name},
                    {"width", layout->walls.width()},
                    {"height", layout->walls.height()},
                    {"goals", layout->goals.size()}});
  }
  return {200, "application/json", list.dump() + "\n"};
}

http_answer server_info(const competition_hub* hub) {
  const nlohmann::json info = {{"name", "ariadne"},
                               {"version", version},
                               {"server", server_name()},
                               {"competition", hub != nullptr}};
  return {200, "application/json", info.dump() + "\n"};
}

http_answer runs(run_registry& registry, const competition_hub* hub, answer_cache& cache) {
  const bool reveal = may_show_run(hub, true);
  const auto document = cache.get(reveal ? 1 : 0, answer_cache::clock::now(),
                                  [&] { return run_rows::list(registry, hub, reveal); });
  return {200, "application/json", *document};
}

http_answer one_run(run_registry& registry, const competition_hub* hub, std::uint64_t run) {
  const auto feed = registry.find(run);
  const auto stored =
      feed || hub == nullptr ? std::vector<ranked_run_record>{} : hub->earlier_runs(run);
  if (auto refusal = watch_refusal(hub, feed.get(), !stored.empty())) {
    return http_answer::text(refusal->status, refusal->text + "\n");
  }
  // Ended before this server started: no stream, but its replay.
  if (!feed)
    return {200, "application/json", run_rows::of(stored.front(), hub->rules(), true, true) + "\n"};
  std::string row = run_rows::of(*feed, true);
  if (row.empty()) return http_answer::text(409, "the run is still being set up\n");
  return {200, "application/json", row + "\n"};
}

http_answer websocket_only() {
  return http_answer::text(426,
                           "this is the WebSocket endpoint: connect with a WebSocket client\n");
}

http_answer page(std::string_view file) {
  const web_asset* asset = find_web_asset(file);
  if (asset == nullptr) return not_found();
  http_answer answer{200, std::string(asset->content_type), std::string(asset->body)};
  answer.headers = {{"X-Content-Type-Options", "nosniff"},
                    {"Cache-Control", "no-cache"},
                    {"Content-Security-Policy",
                     "default-src 'self'; connect-src *; img-src 'self' data:; "
                     "worker-src 'self' blob:; "
                     "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"}};
  return answer;
}

http_answer not_found() {
  return http_answer::text(404, "not found\n");
}

http_answer method_not_allowed() {
  return http_answer::text(405, "only GET is served here\n");
}

}  // namespace api_routes
}  // namespace ariadne
