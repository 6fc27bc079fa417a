// Runs the server hands back at hello (a ranked run kept in play when a
// connection was lost) become the session's run.
#include "clients/mcp/agent_session.hpp"

#include <gtest/gtest.h>

#include "tests/mcp/session_fixture.hpp"

namespace ariadne::mcp {
namespace {

// An in-process server that kept a ranked run in play for this competitor
// (started and moved east before this drone said hello) and hands it back
// with its welcome: at once, or only with the welcome of a connection the
// SDK mended during the first request.
class handing_drone : public local_drone {
 public:
  explicit handing_drone(bool at_hello) : visible_(at_hello) {
    protocol::start_message start;
    start.maze.generator = "prim";
    start.maze.width = 4;
    start.maze.height = 4;
    start.maze.seed = 3;
    const drone_state first = local_drone::exchange(start);
    back_ = local_drone::exchange(protocol::move_message{direction::east});
    back_.moved.reset();
    back_.width = first.width;
    back_.height = first.height;
    back_.seed = first.seed;
    back_.max_steps = first.max_steps;
    back_.maze = first.maze;
  }
  std::optional<drone_state> handed_back() const {
    return visible_ ? std::optional(back_) : std::nullopt;
  }
  unsigned reconnects() const { return reconnects_; }

 protected:
  drone_state exchange(const protocol::client_message& message) override {
    if (!visible_) {
      // The connection was lost and mended: its welcome hands the run back.
      visible_ = true;
      ++reconnects_;
    }
    return local_drone::exchange(message);
  }

 private:
  drone_state back_;
  bool visible_;
  unsigned reconnects_ = 0;
};

drone_source handing(bool at_hello) {
  drone_source source;
  source.connect = [at_hello](const std::string&) {
    return std::make_unique<handing_drone>(at_hello);
  };
  source.reconnects = [](const drone& d) {
    return static_cast<const handing_drone&>(d).reconnects();
  };
  source.handed_back = [](const drone& d) {
    return static_cast<const handing_drone&>(d).handed_back();
  };
  return source;
}

TEST_F(session_test, a_run_handed_back_at_hello_is_the_run_in_play) {
  agent_config config;
  config.ranked = true;
  agent_session s(config, handing(true));
  const auto sensed = call(s, "sense");
  ASSERT_EQ(code_of(sensed), "") << sensed.dump();
  const auto& state = sensed["structuredContent"];
  EXPECT_EQ(state["run"], 1);
  EXPECT_EQ(state["handle"], 1);
  EXPECT_EQ(state["steps"], 1);
  EXPECT_EQ(state["position"], (ordered_json{{"x", 1}, {"y", 0}}));
  EXPECT_EQ(state["taken_over"], true);
  EXPECT_FALSE(state.contains("start"));
  EXPECT_EQ(sensed["content"][0]["text"].get<std::string>().find("Run 1 is yours again"), 0U);
  // start_run and status report it; the next move plays it.
  const auto again = call(s, "start_run");
  EXPECT_EQ(code_of(again), "");
  EXPECT_EQ(again["structuredContent"]["run"], 1);
  EXPECT_EQ(call(s, "status", {{"run", 1}})["structuredContent"]["ended"], false);
  const auto back = call(s, "move", {{"dir", "W"}, {"run", 1}});
  EXPECT_EQ(back["structuredContent"]["moved"], true);
  EXPECT_EQ(back["structuredContent"]["steps"], 2);
  EXPECT_EQ(call(s, "abandon")["structuredContent"]["result"]["status"], "abandoned");
}

// Status asks the server nothing, but with a token its first call says hello,
// where the server hands back what it kept.
TEST_F(session_test, status_finds_a_run_kept_for_the_competitor) {
  agent_config config;
  config.ranked = true;
  agent_session s(config, handing(true));
  const auto status = call(s, "status");
  EXPECT_EQ(code_of(status), "");
  EXPECT_EQ(status["structuredContent"]["run"], 1);
}

TEST_F(session_test, a_run_handed_back_by_a_mended_connection_is_taken_over) {
  agent_config config;
  config.ranked = true;
  agent_session sensing(config, handing(false));
  // The sense went out on the mended connection and was answered for the
  // run handed back: that run is now this session's.
  const auto sensed = call(sensing, "sense");
  ASSERT_EQ(code_of(sensed), "") << sensed.dump();
  EXPECT_EQ(sensed["structuredContent"]["run"], 1);
  EXPECT_EQ(sensed["structuredContent"]["taken_over"], true);
  EXPECT_EQ(call(sensing, "status")["structuredContent"]["steps"], 1);
  // A move that went out again on the mended connection was played in a run
  // the agent had not seen: said, and the run reported as it stands by the
  // next connection's welcome.
  int connects = 0;
  drone_source source = handing(false);
  source.connect = [&connects](const std::string&) {
    return std::make_unique<handing_drone>(++connects > 1);
  };
  agent_session other(config, std::move(source));
  const auto refused = call(other, "move", {{"dir", "W"}});
  EXPECT_EQ(code_of(refused), "taken_over");
  EXPECT_NE(text_of(refused).find("this move may have been played in it"), std::string::npos);
  const auto now = call(other, "sense");
  EXPECT_EQ(code_of(now), "");
  EXPECT_EQ(connects, 2);
  EXPECT_EQ(now["structuredContent"]["run"], 1);
}

}  // namespace
}  // namespace ariadne::mcp
