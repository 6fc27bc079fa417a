// ariadne-mcp: lets an LLM agent play a drone. An MCP server over stdio
// (the Model Context Protocol, 2025-06-18: JSON-RPC 2.0, one message a
// line; nothing but MCP on stdout, logs on stderr) whose tools start a run,
// sense, move, show the drone's memory and report the result, through the
// SDK's network drone (docs/agents.md).
//   ariadne-mcp --url ws://127.0.0.1:8080/ws --name my-agent
#include <CLI/CLI.hpp>
#include <algorithm>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "clients/mcp/agent_session.hpp"
#include "clients/mcp/line_reader.hpp"
#include "clients/mcp/mcp_dispatcher.hpp"
#include "clients/sdk/maze_options.hpp"
#include "clients/sdk/remote_drone.hpp"
#include "clients/sdk/secure_connection.hpp"
#include "clients/sdk/server_url.hpp"
#include "core/model/limits.hpp"
#include "core/model/version.hpp"
#include "protocol/message_writer.hpp"

namespace {

using namespace ariadne;
using ordered_json = nlohmann::ordered_json;

struct options {
  mcp::agent_config agent;
  std::string name = "agent";
  std::string token;
  std::string memory = "map";
  double timeout_seconds = 10;
  double call_seconds = 60;
  std::size_t max_line_bytes = std::size_t{1} << 20;
  client_tls_options tls;
  // Fewer tries than a bot's (they must fit in --call-seconds), spread wider.
  reconnect_policy reconnect{true, 8, std::chrono::seconds(1), std::chrono::seconds(4)};
};

// The competition's challenges as list_challenges shows them.
ordered_json challenge_list(remote_drone& d) {
  const auto challenges = d.challenges();
  const auto doc =
      ordered_json::parse(protocol::write_server_message(protocol::challenges_reply{challenges}));
  const auto& competition = d.welcome().competition;
  ordered_json list = {{"competition", competition ? competition->name : std::string()}};
  if (competition && competition->announcement) list["announcement"] = *competition->announcement;
  list["challenges"] = doc["challenges"];
  return list;
}

int serve(options& o) {
  const server_url where = parse_server_url(o.agent.url, "ws://");
  if (const auto warning = clear_token_warning(where, o.token)) {
    std::cerr << "ariadne-mcp: " << *warning << "\n";
  }
  const auto tls = client_context_for(where, o.tls);
  const std::string hello_name = o.name + " [mcp]";
  const auto timeout = std::chrono::milliseconds(static_cast<long long>(o.timeout_seconds * 1000));
  const auto call = std::chrono::milliseconds(static_cast<long long>(o.call_seconds * 1000));
  // A call may open a connection (handshake and hello) and wait for a reply,
  // after a first try that failed at once; the mending of a lost connection
  // gets what is left of --call-seconds.
  const auto opening = 3 * timeout + mcp::agent_session::retry_within;
  if (call < opening) {
    throw std::invalid_argument(
        "--call-seconds must be at least 3 x --timeout + 1 (a new "
        "connection, its hello and a reply)");
  }
  const reconnect_policy reconnect = o.reconnect.within(call - opening, timeout);
  o.agent.memory_map = o.memory == "map";
  o.agent.ranked = !o.token.empty();
  o.agent.log = &std::cerr;
  mcp::drone_source source;
  // Every wait of the drone, a closing handshake included, ends within the
  // call's --call-seconds: the adapter answers in order, so one call held
  // is the whole session held.
  auto call_deadline = std::make_shared<remote_drone::time_point>(remote_drone::time_point::max());
  source.call_began = [call_deadline, call](remote_drone::time_point began) {
    *call_deadline = began + call;
  };
  source.connect = [&, call_deadline](const std::string& bot) -> std::unique_ptr<drone> {
    return std::make_unique<remote_drone>(o.agent.url, hello_name, timeout, o.token, bot, tls,
                                          reconnect, call_deadline);
  };
  source.challenges = [](drone& d) { return challenge_list(static_cast<remote_drone&>(d)); };
  source.reconnects = [](const drone& d) {
    return static_cast<const remote_drone&>(d).reconnects();
  };
  source.handed_back = [](const drone& d) {
    return static_cast<const remote_drone&>(d).welcome().state;
  };
  mcp::agent_session session(o.agent, std::move(source));
  mcp::mcp_dispatcher dispatcher(session,
                                 {"ariadne-mcp", "Ariadne maze drone", std::string(version)});
  std::cerr << "ariadne-mcp " << version << ": MCP " << mcp::protocol_revision
            << " on stdio, drones on " << o.agent.url << " as '" << hello_name << "'; a call "
            << "waits at most " << o.call_seconds << " s (" << reconnect.tries
            << " new connections after a loss)\n";
  mcp::line_reader reader(std::cin, o.max_line_bytes);
  while (auto line = reader.next()) {
    std::string answer;
    if (line->too_long) {
      answer = dispatcher.too_long(o.max_line_bytes);
    } else if (auto reply = dispatcher.handle(line->text)) {
      answer = std::move(*reply);
    } else {
      continue;
    }
    answer += '\n';
    // A client that stopped reading ends the session.
    if (std::fwrite(answer.data(), 1, answer.size(), stdout) != answer.size() ||
        std::fflush(stdout) != 0) {
      break;
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  options o;
  CLI::App app{"Let an LLM agent play an Ariadne drone: an MCP server over stdio (docs/agents.md).",
               "ariadne-mcp"};
  app.set_version_flag("--version", "ariadne-mcp " + std::string(version));
  app.add_option("-u,--url", o.agent.url, "Server")->capture_default_str();
  app.add_option("--name", o.name,
                 "The player's name; hello says it with the tag [mcp], so that the pages, "
                 "/api/runs and replays show an agent played")
      ->capture_default_str();
  app.add_option("--bot", o.agent.bot,
                 "What the pages and replays call the bot (default: ariadne-mcp/ and the MCP "
                 "client's name and version)");
  app.add_option("--token", o.token, "A competitor's token: ranked runs (list_challenges)")
      ->envname("ARIADNE_TOKEN");
  o.agent.maze.add_to(app, "A named maze of the server instead of a generator");
  app.add_option("--seed", o.agent.seed, "Maze seed (default: the server picks one)");
  app.add_flag("--fixed-maze", o.agent.fixed_maze,
               "start_run plays only the command line's maze and seed (a benchmark's): it takes "
               "no maze arguments");
  app.add_option("--memory", o.memory,
                 "map: the memory_map tool shows what the drone sensed; none: no map, the agent "
                 "remembers by itself")
      ->check(CLI::IsMember({"map", "none"}))
      ->capture_default_str();
  app.add_option("--max-moves", o.agent.max_moves,
                 "Moves per run (steps and bumps; 0: only the run's max_steps); the run is "
                 "abandoned when they are spent")
      ->capture_default_str();
  app.add_option("--max-calls", o.agent.max_calls,
                 "Tool calls per session (0: no limit); past it every call is refused and the "
                 "run in play abandoned")
      ->capture_default_str();
  app.add_option("--timeout", o.timeout_seconds, "Seconds to wait for each reply of the server")
      ->check(CLI::Range(0.001, 3600.0))
      ->capture_default_str();
  app.add_option("--call-seconds", o.call_seconds,
                 "The longest one tool call waits for the server, a lost connection's mending "
                 "included: the new connections tried after a loss are as many as fit in it, "
                 "each waiting --timeout at worst for its handshake, hello and reply (at least "
                 "3 x --timeout + 1)")
      ->check(CLI::Range(0.001, 86400.0))
      ->capture_default_str();
  app.add_option("--max-line-bytes", o.max_line_bytes,
                 "The longest message taken from the client; a longer line is answered with "
                 "an error and dropped")
      ->check(CLI::Range(std::size_t{1024}, std::size_t{1} << 26))
      ->capture_default_str();
  add_tls_options(app, o.tls);
  add_reconnect_options(app, o.reconnect,
                        "Stop at a lost connection instead of connecting again within the call "
                        "(by default a lost connection is tried again as often as --call-seconds "
                        "allows; the next call connects again either way)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  // A longer --timeout alone makes room for itself.
  if (app.count("--call-seconds") == 0) {
    o.call_seconds = std::max(o.call_seconds, 3 * o.timeout_seconds + 1);
  }
  std::signal(SIGPIPE, SIG_IGN);
  std::ios::sync_with_stdio(false);
  try {
    if (auto problem = check(limits::player_name, o.name + " [mcp]")) {
      std::cerr << "ariadne-mcp: --name: " << problem->message << "\n";
      return 2;
    }
    if (!o.agent.bot.empty()) {
      if (auto problem = check(limits::bot_name, o.agent.bot)) {
        std::cerr << "ariadne-mcp: --bot: " << problem->message << "\n";
        return 2;
      }
    }
    // The maze options are start_run's defaults: the rules check them now.
    if (auto problem = o.agent.maze.problem(o.agent.seed)) {
      std::cerr << "ariadne-mcp: " << *problem << "\n";
      return 2;
    }
    return serve(o);
  } catch (const std::exception& e) {
    std::cerr << "ariadne-mcp: " << e.what() << "\n";
    return 2;
  }
}
