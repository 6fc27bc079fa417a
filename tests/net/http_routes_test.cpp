#include "server/app/api_routes.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "server/app/server_context.hpp"

namespace ariadne {
namespace {

TEST(http_routes, answers_health_metrics_and_api) {
  maze_catalog catalog;
  catalog.add("one", maze_layout{grid(3, 2), std::nullopt, {cell{1, 1}}});
  server_context context({}, std::move(catalog));
  EXPECT_EQ(route_http(context, "GET", "/healthz").body, "ok\n");
  const auto metrics = route_http(context, "GET", "/metrics");
  EXPECT_EQ(metrics.status, 200U);
  EXPECT_NE(metrics.body.find("ariadne_errors_total{code=\"rate_limited\"} 0"), std::string::npos);
  EXPECT_NE(metrics.body.find("ariadne_move_seconds_bucket{le=\"+Inf\"}"), std::string::npos);
  const auto generators = nlohmann::json::parse(route_http(context, "GET", "/api/generators").body);
  EXPECT_GE(generators.size(), 12U);
  EXPECT_EQ(generators[0]["name"], "hunt_and_kill");
  const auto mazes = nlohmann::json::parse(route_http(context, "GET", "/api/mazes?x=1").body);
  EXPECT_EQ(mazes, nlohmann::json::parse(R"([{"name":"one","width":3,"height":2,"goals":1}])"));
  EXPECT_EQ(route_http(context, "GET", "/nope").status, 404U);
  EXPECT_EQ(route_http(context, "POST", "/healthz").status, 405U);
}

}  // namespace
}  // namespace ariadne
