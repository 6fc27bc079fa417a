#include "server/net/http_routes.hpp"

#include <nlohmann/json.hpp>

#include "core/maze/generators.hpp"

#include <chrono>

namespace ariadne {

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
  if (path == "/ws") {
    return {426, "text/plain; charset=utf-8",
            "this is the WebSocket endpoint: connect with a WebSocket client\n"};
  }
  return {404, "text/plain; charset=utf-8", "not found\n"};
}

}  // namespace ariadne
