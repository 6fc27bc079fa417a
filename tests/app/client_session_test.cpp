#include "server/app/client_session.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/maze/micromouse_text.hpp"
#include "tests/support/run_world.hpp"

namespace ariadne {
namespace {

using json = nlohmann::json;
using clock_type = client_session::clock;

class client_session_test : public ::testing::Test {
 protected:
  explicit client_session_test(client_session::settings settings = {},
                               address_budgets::limits budgets = {})
      : settings_(settings), budgets_(budgets) {}

  void SetUp() override {
    maze_catalog catalog;
    catalog.add("tiny", read_micromouse_text("o---o---o\n| S   G |\no---o---o\n"));
    catalog.add("big", maze_layout{grid(40, 40), std::nullopt, {}});
    world_ = std::make_unique<testing::run_world>(std::move(catalog), budgets_);
    session_ = open("s1");
  }

  json send(const std::string& frame) {
    std::string reply;
    session_->handle(frame, reply, now_);
    return json::parse(reply);
  }

  json send(const json& message) { return send(message.dump()); }

  void greet() { ASSERT_EQ(send(json{{"type", "hello"}, {"name", "t"}})["type"], "welcome"); }

  // A session as /ws makes one, without a connection (its starts inline).
  std::unique_ptr<client_session> open(const std::string& id) {
    return std::make_unique<client_session>(world_->host, nullptr, settings_, draining_,
                                            connection_identity{id, "test", "127.0.0.1"}, now_);
  }

  client_session::settings settings_;
  address_budgets::limits budgets_;
  std::atomic<bool> draining_{false};
  clock_type::time_point now_ = clock_type::now();
  std::unique_ptr<testing::run_world> world_;
  std::unique_ptr<client_session> session_;
};

TEST_F(client_session_test, hello_must_come_first_and_only_once) {
  EXPECT_EQ(send(json{{"type", "sense"}, {"id", 1}})["code"], "hello_required");
  EXPECT_EQ(send(json{{"type", "start"}})["code"], "hello_required");
  const json welcome = send(json{{"type", "hello"}, {"name", "bot"}, {"id", "h"}});
  EXPECT_EQ(welcome["type"], "welcome");
  EXPECT_EQ(welcome["protocol"], 1);
  EXPECT_EQ(welcome["session"], "s1");
  EXPECT_EQ(welcome["id"], "h");
  EXPECT_EQ(send(json{{"type", "hello"}})["code"], "bad_request");
}

TEST_F(client_session_test, plays_a_named_maze_to_the_treasure) {
  greet();
  const json started = send(json{{"type", "start"}, {"maze", {{"name", "tiny"}}}, {"id", 5}});
  EXPECT_EQ(started["type"], "state");
  EXPECT_EQ(started["id"], 5);
  EXPECT_EQ(started["width"], 2);
  EXPECT_EQ(started["maze"], "tiny");
  EXPECT_EQ(started["open"], json::array({"E"}));
  EXPECT_EQ(send(json{{"type", "move"}, {"dir", "N"}})["moved"], false);
  const json found = send(json{{"type", "move"}, {"dir", "E"}});
  EXPECT_EQ(found["treasure"], true);
  EXPECT_EQ(found["result"]["status"], "found");
  EXPECT_EQ(found["result"]["steps"], 1);
  EXPECT_EQ(found["result"]["bumps"], 1);
  EXPECT_EQ(found["result"]["score"], 2);
  EXPECT_EQ(found["result"]["optimal"], 1);
  EXPECT_DOUBLE_EQ(found["result"]["efficiency"].get<double>(), 0.5);
  EXPECT_EQ(send(json{{"type", "sense"}})["code"], "no_run");
  // A new run on the same connection.
  EXPECT_EQ(send(json{{"type", "start"}, {"maze", {{"name", "tiny"}}}})["type"], "state");
  EXPECT_EQ(world_->counters.runs_finished(run_status::found), 1U);
}

TEST_F(client_session_test, run_errors) {
  greet();
  EXPECT_EQ(send(json{{"type", "move"}, {"dir", "N"}})["code"], "no_run");
  EXPECT_EQ(send(json{{"type", "abandon"}})["code"], "no_run");
  EXPECT_EQ(send(json{{"type", "start"}, {"maze", {{"name", "nope"}}}})["code"], "unknown_maze");
  EXPECT_EQ(send(json{{"type", "start"}, {"maze", {{"generator", "nope"}}}})["code"],
            "invalid_maze");
  EXPECT_EQ(send(json{{"type", "start"}, {"maze", {{"width", 1}, {"height", 1}}}})["code"],
            "invalid_maze");
  EXPECT_EQ(send(json{{"type", "start"}, {"maze", {{"width", 2048}, {"height", 2048}}}})["code"],
            "too_large");
  const json started = send(json{{"type", "start"}, {"maze", {{"width", 8}, {"height", 8}}}});
  ASSERT_EQ(started["type"], "state");
  EXPECT_TRUE(started["seed"].is_number_unsigned());
  EXPECT_EQ(started["maze"], "hunt_and_kill");
  EXPECT_EQ(started["max_steps"], 640);
  EXPECT_EQ(send(json{{"type", "start"}})["code"], "run_active");
  const json abandoned = send(json{{"type", "abandon"}});
  EXPECT_EQ(abandoned["result"]["status"], "abandoned");
  EXPECT_EQ(abandoned["result"]["seed"], started["seed"]);
}

TEST_F(client_session_test, a_bad_message_changes_nothing) {
  greet();
  send(json{{"type", "start"}, {"maze", {{"generator", "prim"}, {"seed", 4}}}});
  send(json{{"type", "path"}, {"dirs", "NESWNESW"}});
  const json before = send(json{{"type", "sense"}});
  for (const std::string& bad : std::vector<std::string>{
           "{", "[]", R"({"type":"move","dir":"Q"})", R"({"type":"path","dirs":"NNZ"})",
           R"({"type":"teleport","x":3})", R"({"type":"start"})", R"({"type":"hello"})",
           std::string("\0\1\2", 3)}) {
    const json reply = send(bad);
    EXPECT_EQ(reply["type"], "error") << bad;
  }
  const json after = send(json{{"type", "sense"}});
  EXPECT_EQ(after, before);
}

TEST_F(client_session_test, the_same_seed_gives_the_same_game) {
  greet();
  const json start = {
      {"type", "start"},
      {"maze", {{"generator", "wilson"}, {"width", 10}, {"height", 10}, {"seed", 77}}}};
  send(start);
  const json first = send(json{{"type", "path"}, {"dirs", std::string(200, 'E')}});
  send(json{{"type", "abandon"}});
  send(start);
  EXPECT_EQ(send(json{{"type", "path"}, {"dirs", std::string(200, 'E')}})["position"],
            first["position"]);
}

TEST_F(client_session_test, run_time_limit_ends_the_run_as_timeout) {
  greet();
  send(json{{"type", "start"}, {"time_limit_ms", 50}});
  now_ += std::chrono::milliseconds(60);
  const json reply = send(json{{"type", "move"}, {"dir", "N"}});
  EXPECT_EQ(reply["result"]["status"], "timeout");
  EXPECT_EQ(reply["moved"], false);
  EXPECT_EQ(reply["steps"], 0);
}

class limited_session_test : public client_session_test {
 protected:
  static client_session::settings limits() {
    client_session::settings s;
    s.rate_limit = 10;
    s.rate_burst = 5;
    s.rate_abuse_limit = 3;
    return s;
  }
  static address_budgets::limits one_run() {
    address_budgets::limits l;
    l.max_runs = 1;
    return l;
  }
  limited_session_test() : client_session_test(limits(), one_run()) {}
};

TEST_F(limited_session_test, server_busy_past_max_runs) {
  greet();
  ASSERT_EQ(send(json{{"type", "start"}})["type"], "state");
  const auto other = open("s2");
  std::string reply;
  other->handle(R"({"type":"hello"})", reply, now_);
  reply.clear();
  other->handle(R"({"type":"start"})", reply, now_);
  EXPECT_EQ(json::parse(reply)["code"], "server_busy");
  // Ending the first run frees the slot.
  send(json{{"type", "abandon"}});
  reply.clear();
  other->handle(R"({"type":"start"})", reply, now_);
  EXPECT_EQ(json::parse(reply)["type"], "state");
}

TEST_F(limited_session_test, a_flood_is_rate_limited_then_marked_abusive) {
  for (int i = 0; i < 5; ++i)
    EXPECT_NE(send(json{{"type", "hello"}, {"id", i}})["code"], "rate_limited");
  const json limited = send(json{{"type", "sense"}, {"id", 99}});
  EXPECT_EQ(limited["code"], "rate_limited");
  EXPECT_EQ(limited["id"], 99);
  EXPECT_FALSE(session_->close_requested().has_value());
  send(json{{"type", "sense"}});
  send(json{{"type", "sense"}});
  EXPECT_TRUE(session_->close_requested().has_value());
  // Waiting refills the bucket.
  now_ += std::chrono::seconds(1);
  EXPECT_NE(send(json{{"type", "sense"}})["code"], "rate_limited");
  EXPECT_FALSE(session_->close_requested().has_value());
}

}  // namespace
}  // namespace ariadne
