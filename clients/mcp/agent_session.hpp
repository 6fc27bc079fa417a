#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <ostream>
#include <string>

#include "bots/drone.hpp"
#include "clients/mcp/run_handles.hpp"
#include "clients/mcp/run_report.hpp"
#include "clients/mcp/sensed_map.hpp"
#include "clients/mcp/tool_catalog.hpp"
#include "clients/mcp/tool_host.hpp"
#include "clients/sdk/maze_options.hpp"

namespace ariadne::mcp {

struct tool_reply;

// What ariadne-mcp was told on its command line, as the tools use it.
struct agent_config {
  std::string url = "ws://127.0.0.1:8080/ws";  // the watch and replay addresses follow it
  maze_options maze;                           // start_run's defaults
  std::optional<std::uint64_t> seed;
  bool fixed_maze = false;
  bool memory_map = true;
  bool ranked = false;          // a competitor's token was given
  std::uint64_t max_moves = 0;  // per run; 0: no budget
  std::uint64_t max_calls = 0;  // per session; 0: no budget
  std::string bot;              // the label said in hello; default: from the client's name
  std::ostream* log = nullptr;  // one line per run (stderr in ariadne-mcp)
};

// How the session reaches the server. connect(bot) returns a drone that
// said hello with that label (a remote_drone in ariadne-mcp, an in-process
// one in tests) or throws drone_error; challenges(d) lists the
// competition's challenges as they stand (ranked play); reconnects(d), how
// often its connection was mended; handed_back(d), the run its latest
// welcome handed over (a ranked run the server kept in play: welcome's
// state), if any; call_began(t), that a tool call began at t (ariadne-mcp
// bounds every wait of its drone by t + --call-seconds).
struct drone_source {
  std::function<std::unique_ptr<drone>(const std::string& bot)> connect;
  std::function<nlohmann::ordered_json(drone&)> challenges;
  std::function<unsigned(const drone&)> reconnects;
  std::function<std::optional<drone_state>(const drone&)> handed_back;
  std::function<void(std::chrono::steady_clock::time_point)> call_began;
};

// The tools of one MCP session over one drone: a run at a time, the
// agent's budgets, the memory map, and every refusal turned into a tool
// error (isError) carrying the protocol's code and sentence. The drone
// connects on the first tool that needs the server, and again after its
// connection was lost for good; a run the server hands back at hello (a
// ranked run kept in play when a connection was lost) becomes the run in
// play, reported by start_run, sense and status.
class agent_session : public tool_host {
 public:
  // A call whose connection failed within this long (the server closed an
  // idle one) is tried once more on a new connection.
  static constexpr std::chrono::milliseconds retry_within{1000};

  agent_session(agent_config config, drone_source source);
  ~agent_session() override;

  nlohmann::ordered_json tools() const override;
  std::optional<std::string> call(const std::string& name, const nlohmann::json& arguments,
                                  nlohmann::ordered_json& result) override;
  std::string instructions() const override { return play_instructions(catalog_options_); }
  void client_is(const std::string& name, const std::string& version) override;

  // What hello says as the bot: --bot, or ariadne-mcp/ and the client's name.
  const std::string& bot_label() const { return bot_; }

  // A tool's outcome (tool_reply.hpp).
  using reply = tool_reply;

 private:
  reply run_tool(const std::string& name, const nlohmann::json& arguments);
  reply start_run(const nlohmann::json& arguments);
  reply play(const std::string& name, const nlohmann::json& arguments);
  reply memory_map(const nlohmann::json& arguments);
  reply status(const nlohmann::json& arguments);
  reply list_challenges();
  reply calls_spent();
  // A run handle other than the latest run's: true, with status's report of
  // an earlier run or the error in out; false for the latest run.
  bool other_run(const nlohmann::json& arguments, bool report, reply& out) const;

  drone& connected();
  void drop_connection(const std::string& why);
  // Takes up the run the drone's latest welcome handed back, once per
  // welcome, unless the drone plays it already: true when it did.
  bool adopt_handed_back();
  // A new run in the drone (started, or taken over): the session's run.
  void begin_run(bool taken_over);
  // The answer to `name` when this call took over a run the agent never
  // saw; `sent`: its request went out (and was answered in that run).
  reply adopted_reply(const std::string& name, bool sent = false);
  // Takes in the drone's state after a request: the memory, a run's end.
  void absorb();
  run_facts facts() const;
  reply report(report_kind kind);
  bool in_play() const { return latest_ && !latest_->result && lost_.empty(); }

  agent_config config_;
  drone_source source_;
  catalog_options catalog_options_;
  std::unique_ptr<const nlohmann::ordered_json> catalog_;  // built once
  std::string bot_;
  std::string pages_;
  std::unique_ptr<drone> drone_;
  std::optional<unsigned> welcomes_seen_;  // the drone's welcomes read (its reconnects)
  std::uint64_t calls_ = 0;
  // The latest run: its start, its latest state, what the drone learned.
  std::optional<drone_state> first_;
  std::optional<drone_state> latest_;
  std::uint64_t handle_ = 0;
  bool taken_over_ = false;        // handed back at hello: first_ is where it stood then
  bool adopted_now_ = false;       // this call took over a run the agent never saw
  std::optional<sensed_map> map_;  // with --memory map only
  std::size_t trail_seen_ = 0;
  std::string lost_;           // why the latest run was lost with its connection
  bool budget_spent_ = false;  // the latest run was abandoned at --max-moves
  std::uint64_t path_letters_ = 0;
  char direction_ = 0;
  run_handles handles_;  // and ended runs' last reports, for status
};

}  // namespace ariadne::mcp
