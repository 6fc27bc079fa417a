#include "server/app/api_routes.hpp"

#include <gtest/gtest.h>

#include <future>
#include <nlohmann/json.hpp>

#include "core/play/run_setup.hpp"
#include "server/app/replay_route.hpp"
#include "server/app/routes.hpp"
#include "server/app/run_rows.hpp"
#include "server/app/server_context.hpp"
#include "server/ranked/disclosure.hpp"
#include "tests/support/temp_dir.hpp"

namespace ariadne {
namespace {

// What the route table answers a request, as a connection would be answered.
http_answer ask(server_context& context, std::string_view method, std::string_view target) {
  http_routes table;
  add_http_routes(context, table);
  const http_handler* handler = table.route(target);
  std::promise<http_answer> answered;
  (*handler)(http_request{method, target, "127.0.0.1"},
             [&answered](http_answer a) { answered.set_value(std::move(a)); });
  return answered.get_future().get();
}

// The answers made at once, each from what it uses: no server, no store.
TEST(api_routes, answers_health_metrics_and_api) {
  EXPECT_EQ(api_routes::health(false).body, "ok\n");
  EXPECT_EQ(api_routes::health(true).status, 503U);
  metrics counters;
  const auto text = api_routes::metrics_text(counters, nullptr);
  EXPECT_EQ(text.status, 200U);
  EXPECT_NE(text.body.find("ariadne_errors_total{code=\"rate_limited\"} 0"), std::string::npos);
  EXPECT_NE(text.body.find("ariadne_move_seconds_bucket{le=\"+Inf\"}"), std::string::npos);
  const auto generators = nlohmann::json::parse(api_routes::generators().body);
  EXPECT_GE(generators.size(), 12U);
  EXPECT_EQ(generators[0]["name"], "hunt_and_kill");
  maze_catalog catalog;
  catalog.add("one", maze_layout{grid(3, 2), std::nullopt, {cell{1, 1}}});
  const auto mazes = nlohmann::json::parse(api_routes::mazes(catalog, nullptr).body);
  EXPECT_EQ(mazes, nlohmann::json::parse(R"([{"name":"one","width":3,"height":2,"goals":1}])"));
  EXPECT_EQ(api_routes::published(nullptr, api_routes::published_document::board).status, 404U);
  EXPECT_EQ(api_routes::ready(true, nullptr).status, 503U);
  EXPECT_EQ(api_routes::ready(true, nullptr).body, "draining\n");
}

// Every path through the route table, as a connection asks it.
TEST(api_routes, every_path_is_in_the_route_table) {
  server_context context({}, maze_catalog{});
  EXPECT_EQ(ask(context, "GET", "/healthz").body, "ok\n");
  EXPECT_EQ(ask(context, "GET", "/readyz").body, "ready\n");
  EXPECT_EQ(ask(context, "GET", "/api/generators?x=1").status, 200U);
  EXPECT_EQ(ask(context, "GET", "/").content_type, "text/html; charset=utf-8");
  EXPECT_EQ(ask(context, "GET", "/static/style.css").status, 200U);
  EXPECT_EQ(ask(context, "GET", "/api/runs/7").status, 404U);
  EXPECT_EQ(ask(context, "GET", "/api/runs/x").status, 404U);
  EXPECT_EQ(ask(context, "GET", "/api/leaderboard").status, 404U);  // no competition
  EXPECT_EQ(ask(context, "GET", "/ws").status, 426U);
  EXPECT_EQ(ask(context, "GET", "/nope").status, 404U);
  EXPECT_EQ(ask(context, "POST", "/healthz").status, 405U);
  EXPECT_EQ(ask(context, "POST", "/nope").status, 405U);
}

}  // namespace
}  // namespace ariadne

// The secrecy rules, in a competition: a ranked run shows nothing that
// tells where its treasure lies until the competition has closed.
namespace ariadne {
namespace {

using json = nlohmann::json;
using std::chrono::hours;

class secrecy_test : public ::testing::Test {
 protected:
  // A competition closing `closes` from now, with a challenge on the named maze "cup".
  void open(hours closes) {
    const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
    server_config config;
    config.competition = dir_.write(
        "competition.json", R"({"name": "c", "closes_at": ")" + format_time(now + closes) + R"(",
      "challenges": [{"id": "x", "maze": {"name": "cup"}},
                     {"id": "y", "maze": {"generator": "prim", "width": 8, "height": 8}}]})");
    config.db = dir_.file("db");
    maze_catalog catalog;
    catalog.add("cup", maze_layout{grid(4, 4), std::nullopt, {cell{3, 3}}});
    catalog.add("open", maze_layout{grid(4, 4), std::nullopt, {cell{3, 3}}});
    context_ = std::make_unique<server_context>(config, std::move(catalog));
  }

  // A run of `moves` east moves, ranked when challenge is set; ended when end.
  std::uint64_t play(const std::string& challenge, int moves, bool end) {
    const std::uint64_t id = context_->ids().next_run_id();
    auto feed = context_->runs().open(id, "alice", challenge);
    run_request request;
    request.maze.generator = "prim";
    request.maze.width = request.maze.height = 8;
    request.maze.seed = 7;
    auto setup = set_up_run(request, context_->catalog(), context_->host(), id, 1,
                            run::clock::now(), feed.get());
    runs_.push_back(std::move(std::get<run>(setup)));
    for (int i = 0; i < moves; ++i)
      runs_.back().move(direction::east);
    if (end) {
      runs_.back().abandon();
      context_->runs().close(id);
    }
    feeds_.push_back(std::move(feed));
    return id;
  }

  // The answer to GET /api/replays/{id}, and whether it came at once.
  std::pair<http_answer, bool> replay(std::uint64_t id) {
    auto promise = std::make_shared<std::promise<http_answer>>();
    auto answer = promise->get_future();
    answer_replay(*context_, http_request{"GET", "/api/replays/" + std::to_string(id), "1.2.3.4"},
                  [promise](http_answer a) { promise->set_value(std::move(a)); });
    const bool at_once = answer.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
    EXPECT_EQ(answer.wait_for(std::chrono::seconds(30)), std::future_status::ready);
    return {answer.get(), at_once};
  }

  testing::temp_dir dir_;
  std::unique_ptr<server_context> context_;
  std::vector<std::shared_ptr<run_feed>> feeds_;
  std::vector<run> runs_;
};

TEST_F(secrecy_test, before_the_close_ranked_runs_show_no_counters_replays_or_seeds) {
  open(hours(1));
  const std::uint64_t ranked = play("y", 3, true);
  const std::uint64_t practice = play("", 3, true);
  const json runs = json::parse(ask(*context_, "GET", "/api/runs").body);
  ASSERT_EQ(runs.size(), 2U);
  for (const json& r : runs) {
    if (r["run"] == ranked) {
      EXPECT_EQ(r["maze"], "y");
      EXPECT_TRUE(r["steps"].is_null());
      EXPECT_TRUE(r["bumps"].is_null());
    } else {
      EXPECT_EQ(r["run"], practice);
      EXPECT_FALSE(r["steps"].is_null());
    }
  }
  // What this server publishes for the others' lists hides the same.
  const json published = json::parse(
      run_rows::published(context_->runs(), may_show_run(context_->competition(), true)));
  ASSERT_EQ(published.size(), 2U);
  for (const json& r : published)
    EXPECT_EQ(r["steps"].is_null(), r["run"] == ranked) << r;
  // Refused at once: nothing is charged, nothing queued, nothing read.
  const auto [sealed, at_once] = replay(ranked);
  EXPECT_EQ(sealed.status, 403U);
  EXPECT_TRUE(at_once);
  // Not in memory: it would be read from the store, and is not. A 404 (the
  // run may be another server's: a proxy asks the next one).
  const auto [unread, unread_at_once] = replay(999);
  EXPECT_EQ(unread.status, 404U);
  EXPECT_NE(unread.body.find("published once the competition has closed"), std::string::npos);
  EXPECT_TRUE(unread_at_once);
  const json about = json::parse(ask(*context_, "GET", "/api/competition").body);
  EXPECT_EQ(about.dump().find("\"seed\""), std::string::npos);
  EXPECT_EQ(about.dump().find("\"deals\""), std::string::npos);
  // The named maze of a challenge is neither listed nor shown.
  const json mazes = json::parse(ask(*context_, "GET", "/api/mazes").body);
  ASSERT_EQ(mazes.size(), 1U);
  EXPECT_EQ(mazes[0]["name"], "open");
}

// (A ranked run still in play after the close keeps them hidden:
// tests/app/disclosure_test.cpp.)
TEST_F(secrecy_test, after_the_close_ranked_runs_show_everything) {
  open(hours(-1));
  const std::uint64_t ended = play("y", 3, true);
  // Built on the job pool, then kept with its run.
  const auto built = replay(ended).first;
  EXPECT_EQ(built.status, 200U);
  EXPECT_EQ(json::parse(built.body)["label"], "y");
  const auto [kept, kept_at_once] = replay(ended);
  EXPECT_EQ(kept.body, built.body);
  EXPECT_TRUE(kept_at_once);
  const json runs = json::parse(ask(*context_, "GET", "/api/runs").body);
  ASSERT_EQ(runs.size(), 1U);
  EXPECT_EQ(runs[0]["steps"].get<int>() + runs[0]["bumps"].get<int>(), 3);
  const json about = json::parse(ask(*context_, "GET", "/api/competition").body);
  EXPECT_EQ(about["state"], "closed");
  EXPECT_TRUE(about["challenges"][0].contains("deals"));
}

}  // namespace
}  // namespace ariadne

namespace ariadne {
namespace {

// Whatever the method and target, an answer with a status a browser knows
// (the http_target fuzzer reads targets with the route table and the
// target readers alone).
TEST(api_routes, odd_targets_get_plain_answers) {
  server_context context({}, maze_catalog{});
  for (const char* target :
       {"", "/", "//", "/api/", "/api/runs?", "/watch/", "/watch/-1", "/watch/1x", "/static/",
        "/static/../../etc/passwd", "/api/replays", "/%00", "/ws?x", "/api/mazes#a"}) {
    for (const char* method : {"GET", "HEAD", "POST", "", "get"}) {
      const http_answer answer = ask(context, method, target);
      EXPECT_GE(answer.status, 200U) << method << " " << target;
      EXPECT_LT(answer.status, 600U) << method << " " << target;
    }
  }
  EXPECT_EQ(ask(context, "GET", "/watch/12").status, 200U);
  EXPECT_EQ(ask(context, "GET", "/watch/1x").status, 404U);
  EXPECT_EQ(ask(context, "GET", "/static/../../etc/passwd").status, 404U);
}

}  // namespace
}  // namespace ariadne
