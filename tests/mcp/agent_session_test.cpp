// The tools over an in-process drone: no sockets, the server's own rules.
#include "clients/mcp/agent_session.hpp"

#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "bots/bot.hpp"
#include "bots/local_drone.hpp"

namespace ariadne::mcp {
namespace {

using json = nlohmann::json;
using ordered_json = nlohmann::ordered_json;

drone_source in_process() {
  drone_source source;
  source.connect = [](const std::string&) { return std::make_unique<local_drone>(); };
  return source;
}

class session_test : public ::testing::Test {
 protected:
  // The CallToolResult of a call the schemas accept.
  ordered_json call(agent_session& s, const std::string& name, const json& arguments = {}) {
    ordered_json result;
    const auto problem = s.call(name, arguments.is_null() ? json::object() : arguments, result);
    EXPECT_FALSE(problem) << *problem;
    return result;
  }
  static std::string code_of(const ordered_json& result) {
    if (!result["isError"].get<bool>()) return "";
    return result["_meta"]["ariadne/error"]["code"].get<std::string>();
  }
};

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
  EXPECT_EQ(code_of(call(s, "move", {{"dir", "up"}})), "bad_request");
  EXPECT_EQ(code_of(call(s, "move_path", {{"dirs", std::string(4097, 'N')}})), "bad_request");
  EXPECT_EQ(code_of(call(s, "sense", {{"run", 2}})), "unknown_run");
  EXPECT_EQ(code_of(call(s, "start_run")), "run_active");
  // Arguments the schema refuses are Invalid params: nothing reaches the drone.
  ordered_json result;
  EXPECT_TRUE(s.call("move", json::object(), result));
  EXPECT_TRUE(s.call("move", {{"dir", 1}}, result));
  EXPECT_TRUE(s.call("fly", json::object(), result));
  EXPECT_TRUE(s.call("start_run", {{"colour", "red"}}, result));
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
  EXPECT_EQ(code_of(call(s, "start_run", maze)), "");
  EXPECT_EQ(connects, 2);
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
  EXPECT_EQ(code_of(call(s, "move", {{"dir", "E"}})), "run_lost");
  EXPECT_EQ(code_of(call(s, "start_run", {{"seed", 4}})), "");
  EXPECT_EQ(connects, 2);
}

}  // namespace
}  // namespace ariadne::mcp
