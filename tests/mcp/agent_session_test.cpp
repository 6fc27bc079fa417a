// The tools over an in-process drone: no sockets, the server's own rules.
#include "clients/mcp/agent_session.hpp"

#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "bots/bot.hpp"
#include "bots/local_drone.hpp"
#include "tests/mcp/session_fixture.hpp"

namespace ariadne::mcp {
using json = nlohmann::json;
using ordered_json = nlohmann::ordered_json;

namespace {

TEST_F(session_test, a_start_a_bump_a_step_and_the_refusals) {
  agent_session s({}, in_process());
  s.client_is("host", "2");
  EXPECT_EQ(s.bot_label(), "ariadne-mcp/host 2");
  auto first =
      call(s, "start_run", {{"generator", "prim"}, {"width", 4}, {"height", 4}, {"seed", 3}});
  ASSERT_FALSE(first["isError"].get<bool>()) << first.dump();
  const auto& state = first["structuredContent"];
  EXPECT_EQ(state["width"], 4);
  EXPECT_EQ(state["position"], (ordered_json{{"x", 0}, {"y", 0}}));
  EXPECT_EQ(state["open"], ordered_json::array({"E"}));
  EXPECT_EQ(state["max_steps"], 160);
  EXPECT_EQ(state["moves_left"], 160);
  auto bump = call(s, "move", {{"dir", "N"}});
  EXPECT_EQ(bump["structuredContent"]["moved"], false);
  EXPECT_EQ(bump["structuredContent"]["bumps"], 1);
  EXPECT_NE(bump["content"][0]["text"].get<std::string>().find("Bump"), std::string::npos);
  auto step = call(s, "move", {{"dir", "E"}});
  EXPECT_EQ(step["structuredContent"]["position"]["x"], 1);
  EXPECT_EQ(code_of(call(s, "move_path", {{"dirs", "NNX"}})), "bad_request");
  EXPECT_EQ(code_of(call(s, "sense", {{"run", 2}})), "unknown_run");
  EXPECT_EQ(code_of(call(s, "start_run")), "run_active");
  // Arguments the schema refuses are Invalid params: nothing reaches the drone.
  ordered_json result;
  EXPECT_TRUE(s.call("move", json::object(), result));
  EXPECT_TRUE(s.call("move", {{"dir", 1}}, result));
  EXPECT_TRUE(s.call("fly", json::object(), result));
  EXPECT_TRUE(s.call("start_run", {{"colour", "red"}}, result));
  // So are values outside the limits the schemas publish (core/model/limits.hpp).
  EXPECT_EQ(s.call("move", {{"dir", "up"}}, result),
            R"(move: "dir" must be one of "N", "E", "S", "W")");
  EXPECT_EQ(s.call("move_path", {{"dirs", std::string(4097, 'N')}}, result),
            R"(move_path: "dirs" must be 1 to 4096 characters long)");
  EXPECT_EQ(s.call("start_run", {{"width", 0}}, result),
            R"(start_run: "width" must be from 1 to 8192, got 0)");
  EXPECT_TRUE(s.call("start_run", {{"loops", 1.5}}, result));
  EXPECT_TRUE(s.call("start_run", {{"treasures", 1001}}, result));
  EXPECT_TRUE(s.call("start_run", {{"generator", std::string(65, 'g')}}, result));
  EXPECT_EQ(call(s, "sense")["structuredContent"]["steps"], 1);
  auto ended = call(s, "abandon");
  EXPECT_EQ(ended["structuredContent"]["result"]["status"], "abandoned");
  EXPECT_EQ(code_of(call(s, "move", {{"dir", "E"}})), "no_run");
}

// The reference depth-first search through the tools ends exactly as the
// dfs bot on the same drone's rules.
TEST_F(session_test, depth_first_through_the_tools_is_the_dfs_bot) {
  const std::map<char, std::pair<int, int>> delta = {
      {'N', {0, 1}}, {'E', {1, 0}}, {'S', {0, -1}}, {'W', {-1, 0}}};
  const std::map<char, char> back = {{'N', 'S'}, {'E', 'W'}, {'S', 'N'}, {'W', 'E'}};
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    agent_session s({}, in_process());
    json start = {{"generator", "kruskal"},
                  {"width", 9},
                  {"height", 7},
                  {"seed", seed},
                  {"loops", 0.4},
                  {"treasures", 2},
                  {"reuse_walls_removed", 3}};
    ordered_json state = call(s, "start_run", start)["structuredContent"];
    std::set<std::pair<int, int>> visited;
    std::vector<char> way_back;
    auto found = state["found"].get<int>();
    auto at = [&] {
      return std::pair{state["position"]["x"].get<int>(), state["position"]["y"].get<int>()};
    };
    visited.insert(at());
    while (!state["ended"].get<bool>()) {
      if (state["found"].get<int>() != found) {
        found = state["found"].get<int>();
        visited = {at()};
        way_back.clear();
      }
      char dir = 0;
      for (const auto& side : state["open"]) {
        const char d = side.get<std::string>()[0];
        const auto [x, y] = at();
        if (!visited.count({x + delta.at(d).first, y + delta.at(d).second})) {
          dir = d;
          way_back.push_back(back.at(d));
          break;
        }
      }
      if (dir == 0 && way_back.empty()) {
        state = call(s, "abandon")["structuredContent"];
        break;
      }
      if (dir == 0) {
        dir = way_back.back();
        way_back.pop_back();
      }
      state = call(s, "move", {{"dir", std::string(1, dir)}})["structuredContent"];
      visited.insert(at());
    }
    local_drone d;
    protocol::start_message request;
    request.maze.generator = "kruskal";
    request.maze.width = 9;
    request.maze.height = 7;
    request.maze.seed = seed;
    request.maze.loops = 0.4;
    request.treasures = 2;
    request.reuse_walls_removed = 3;
    d.start(request);
    const run_result r = finish_game(d, *make_bot("dfs"));
    EXPECT_EQ(state["result"]["steps"], r.steps) << "seed " << seed;
    EXPECT_EQ(state["result"]["bumps"], r.bumps) << "seed " << seed;
    EXPECT_EQ(state["result"]["status"], std::string(to_string(r.status))) << "seed " << seed;
  }
}

TEST_F(session_test, budgets_stop_the_agent) {
  agent_config config;
  config.max_moves = 3;
  config.max_calls = 7;
  agent_session s(config, in_process());
  auto first =
      call(s, "start_run", {{"generator", "prim"}, {"width", 8}, {"height", 8}, {"seed", 2}});
  EXPECT_EQ(first["structuredContent"]["budget"]["moves_left"], 3);
  EXPECT_EQ(code_of(call(s, "move_path", {{"dirs", "NNNN"}})), "move_budget");
  call(s, "move", {{"dir", "N"}});
  call(s, "move", {{"dir", "N"}});
  auto last = call(s, "move", {{"dir", "N"}});
  EXPECT_EQ(last["structuredContent"]["result"]["status"], "abandoned");
  EXPECT_EQ(code_of(call(s, "move", {{"dir", "N"}})), "move_budget");
  EXPECT_EQ(code_of(call(s, "status")), "");
  EXPECT_EQ(code_of(call(s, "status")), "call_budget");
}

// The move that spends --max-moves is reported as what it was (a step, a
// path's moves), then the run's end.
TEST_F(session_test, the_move_that_spends_the_budget_is_reported_as_made) {
  agent_config config;
  config.max_moves = 1;
  const json maze = {{"generator", "prim"}, {"width", 4}, {"height", 4}, {"seed", 3}};
  agent_session one(config, in_process());
  call(one, "start_run", maze);
  const auto moved = call(one, "move", {{"dir", "E"}});
  const auto& state = moved["structuredContent"];
  EXPECT_EQ(state["moved"], true);
  EXPECT_EQ(state["position"], (ordered_json{{"x", 1}, {"y", 0}}));
  EXPECT_EQ(state["steps"], 1);
  EXPECT_EQ(state["result"]["status"], "abandoned");
  const std::string text = moved["content"][0]["text"];
  EXPECT_EQ(text.find("Moved E: you are at (1, 0)"), 0U) << text;
  EXPECT_NE(text.find("--max-moves 1) is spent"), std::string::npos);
  agent_session path(config, in_process());
  call(path, "start_run", maze);
  const auto walked = call(path, "move_path", {{"dirs", "E"}});
  EXPECT_EQ(walked["structuredContent"]["done"], 1);
  EXPECT_EQ(walked["content"][0]["text"].get<std::string>().find("Path: 1 of 1 moves made"), 0U);
}

// A server's sentence reaches the model capped, without control characters
// or direction overrides.
TEST_F(session_test, a_server_s_refusal_is_capped_and_printable) {
  class refusing_drone : public local_drone {
   protected:
    drone_state exchange(const protocol::client_message&) override {
      const std::string sentence = "bad\n\x1b[31m\xe2\x80\xae" + std::string(5000, 'x');
      throw drone_error("invalid_maze: " + sentence, errc::invalid_maze, sentence);
    }
  };
  drone_source source;
  source.connect = [](const std::string&) { return std::make_unique<refusing_drone>(); };
  agent_session s({}, std::move(source));
  const auto refused = call(s, "start_run");
  EXPECT_EQ(code_of(refused), "invalid_maze");
  const std::string message = refused["_meta"]["ariadne/error"]["message"];
  EXPECT_EQ(message.substr(0, 12), "bad??[31m?xx");
  EXPECT_LE(message.size(), 403U);
  EXPECT_EQ(message.substr(message.size() - 3), "...");
}

TEST_F(session_test, the_map_and_its_absence) {
  agent_session with({}, in_process());
  call(with, "start_run", {{"generator", "prim"}, {"width", 4}, {"height", 4}, {"seed", 3}});
  call(with, "move", {{"dir", "E"}});
  auto map = call(with, "memory_map");
  EXPECT_EQ(map["structuredContent"]["rows"].size(), 10U);
  EXPECT_EQ(map["structuredContent"]["visits"]["cells"], 2);
  agent_config config;
  config.memory_map = false;
  agent_session without(config, in_process());
  bool listed = false;
  for (const auto& tool : without.tools())
    listed = listed || tool["name"] == "memory_map";
  EXPECT_FALSE(listed);
  ordered_json result;
  EXPECT_TRUE(without.call("memory_map", json::object(), result));
}

TEST_F(session_test, a_fixed_maze_takes_no_maze_arguments) {
  agent_config config;
  config.fixed_maze = true;
  config.maze.generator = "prim";
  config.maze.size = "5x5";
  config.seed = 8;
  agent_session s(config, in_process());
  ordered_json result;
  EXPECT_TRUE(s.call("start_run", {{"seed", 9}}, result));
  auto first = call(s, "start_run");
  EXPECT_EQ(first["structuredContent"]["seed"], 8);
  EXPECT_EQ(first["structuredContent"]["maze"], "prim");
}

// A drone whose connection the server closes after `answers` replies.
class closing_drone : public local_drone {
 public:
  explicit closing_drone(int answers) : answers_(answers) {}

 protected:
  drone_state exchange(const protocol::client_message& message) override {
    if (answers_-- <= 0) throw drone_error("connection lost: closed by the server (code 1008)");
    return local_drone::exchange(message);
  }

 private:
  int answers_;
};

TEST_F(session_test, a_connection_lost_between_runs_is_made_again_unseen) {
  int connects = 0;
  drone_source source;
  source.connect = [&connects](const std::string&) -> std::unique_ptr<drone> {
    return ++connects == 1 ? std::make_unique<closing_drone>(2) : std::make_unique<local_drone>();
  };
  agent_session s({}, std::move(source));
  const json maze = {{"generator", "prim"}, {"width", 4}, {"height", 4}, {"seed", 3}};
  EXPECT_EQ(code_of(call(s, "start_run", maze)), "");
  EXPECT_EQ(code_of(call(s, "abandon")), "");
  const auto again = call(s, "start_run", maze);
  EXPECT_EQ(code_of(again), "");
  EXPECT_EQ(connects, 2);
  // The new connection's server numbers its runs from 1 again (as a
  // restarted one would): the new run 1 gets a handle of its own.
  EXPECT_EQ(again["structuredContent"]["run"], 1);
  EXPECT_EQ(again["structuredContent"]["handle"], 2);
  EXPECT_EQ(again["content"][0]["text"].get<std::string>().find("Run 1 (handle 2) started"), 0U);
  const auto old = call(s, "status", {{"run", 1}})["structuredContent"];
  EXPECT_EQ(old["handle"], 1);
  EXPECT_EQ(old["result"]["status"], "abandoned");
  EXPECT_EQ(call(s, "status", {{"run", 2}})["structuredContent"]["ended"], false);
  EXPECT_EQ(code_of(call(s, "sense", {{"run", 1}})), "no_run");
}

TEST_F(session_test, a_connection_lost_in_a_run_is_said_and_the_run_reported_lost) {
  int connects = 0;
  drone_source source;
  source.connect = [&connects](const std::string&) -> std::unique_ptr<drone> {
    return ++connects == 1 ? std::make_unique<closing_drone>(2) : std::make_unique<local_drone>();
  };
  agent_session s({}, std::move(source));
  call(s, "start_run", {{"generator", "prim"}, {"width", 4}, {"height", 4}, {"seed", 3}});
  call(s, "move", {{"dir", "E"}});
  const auto lost = call(s, "move", {{"dir", "E"}});
  EXPECT_EQ(code_of(lost), "connection");
  const auto status = call(s, "status");
  EXPECT_NE(status["structuredContent"]["lost"].get<std::string>().find("ended unseen"),
            std::string::npos);
  EXPECT_EQ(status["structuredContent"]["ended"], true);
  EXPECT_EQ(status["content"][0]["text"].get<std::string>().find("Run 1 (lost)"), 0U);
  EXPECT_EQ(code_of(call(s, "move", {{"dir", "E"}})), "run_lost");
  EXPECT_EQ(code_of(call(s, "start_run", {{"seed", 4}})), "");
  EXPECT_EQ(connects, 2);
}

}  // namespace
}  // namespace ariadne::mcp
