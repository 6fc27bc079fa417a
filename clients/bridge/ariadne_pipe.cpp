// ariadne-pipe: plays one run for a bot in any language that can print and
// read lines. It starts the bot's program, relays its commands (one a line on
// the program's stdout) to the server and answers each with one line on the
// program's stdin (PROTOCOL.md, "The stdin/stdout bridge"). The program's
// stderr passes through.
//   ariadne-pipe --url ws://127.0.0.1:8080/ws --generator prim --size 16x16 --seed 42 -- ./my-bot
#include <signal.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "clients/bridge/child_program.hpp"
#include "clients/bridge/program_bot.hpp"
#include "clients/sdk/maze_options.hpp"
#include "clients/sdk/remote_drone.hpp"
#include "clients/sdk/secure_connection.hpp"
#include "clients/sdk/server_url.hpp"
#include "core/maze/maze_spec.hpp"
#include "core/model/limits.hpp"
#include "core/model/version.hpp"

namespace {

using namespace ariadne;
using namespace ariadne::bridge;

struct options {
  std::string url = "ws://127.0.0.1:8080/ws";
  std::string name = "ariadne-pipe";
  std::string token;
  std::string bot;  // said in hello; by default ariadne-pipe/ and the program's name
  std::string challenge;
  maze_options maze;
  std::optional<std::uint64_t> seed;
  double timeout_seconds = 30;
  client_tls_options tls;
  reconnect_policy reconnect;
  std::vector<std::string> command;
};

// One run, started: a fresh run of the program relays it to its end. Prints
// its result line; true when every treasure was found.
bool relay(const options& o, remote_drone& d, const drone_state& first) {
  program_bot bot(o.bot, o.command);
  // A practice run can be watched live (a ranked one after the close).
  if (!first.set) {
    std::cerr << "ariadne-pipe: run " << first.run << ", watch it at "
              << pages_url(o.url, "watch/" + std::to_string(first.run)) << "\n";
  }
  bot.play(d);
  const program_run& how = bot.last_run();
  const drone_state& last = d.state();
  const run_result& r = *last.result;
  if (!how.ended_by_bot) {
    std::cerr << "ariadne-pipe: the bot's program " << how.why_left << " (" << how.exit
              << ") before its run ended: the run is abandoned\n";
  }
  if (how.refused_lines > 0) {
    std::cerr << "ariadne-pipe: " << how.refused_lines << " line(s) refused\n";
  }
  nlohmann::ordered_json result = {{"status", std::string(to_string(r.status))},
                                   {"steps", r.steps},
                                   {"bumps", r.bumps},
                                   {"score", r.score},
                                   {"optimal", r.optimal},
                                   {"efficiency", r.efficiency},
                                   {"found", r.found},
                                   {"treasures", r.treasures},
                                   {"refused_lines", how.refused_lines}};
  if (r.seed) result["seed"] = *r.seed;
  if (last.set) {
    result["set"] = {{"attempt", last.set->attempt},
                     {"maze", last.set->maze},
                     {"mazes", last.set->mazes},
                     {"ended", last.set->ended.value_or(true)}};
    if (last.set->mark) {
      result["set"]["found"] = last.set->found.value_or(0);
      result["set"]["mark"] = *last.set->mark;
    }
  }
  std::cout << "result: " << result.dump() << std::endl;
  return r.status == run_status::found;
}

// A practice run, or a ranked attempt: every maze of its set, one run of the
// program each. 0 when every run found its treasures, 1 otherwise.
int play(const options& o) {
  signal(SIGPIPE, SIG_IGN);  // a bot that exits early: write fails, it does not kill us
  const server_url where = parse_server_url(o.url, "ws://");
  if (const auto warning = clear_token_warning(where, o.token))
    std::cerr << "ariadne-pipe: " << *warning << "\n";
  remote_drone d(o.url, o.name,
                 std::chrono::milliseconds(static_cast<long long>(o.timeout_seconds * 1000)),
                 o.token, o.bot, client_context_for(where, o.tls), o.reconnect);
  if (o.challenge.empty()) return relay(o, d, d.start(o.maze.request(o.seed))) ? 0 : 1;
  bool all_found = true;
  // A run lost with its server (run_lost) gave its attempt back: the
  // attempt starts again, with a new run of the program, a few times at most.
  unsigned lost = 0;
  for (bool ended = false; !ended;) {
    try {
      all_found = relay(o, d, d.start_challenge(o.challenge)) && all_found;
    } catch (const run_lost& e) {
      std::cerr << "ariadne-pipe: " << e.what() << "\n";
      if (++lost > 3) throw;
      continue;
    }
    ended = d.state().set.value_or(set_position{}).ended.value_or(true);
  }
  return all_found ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  options o;
  CLI::App app{
      "Play one Ariadne run (or one ranked attempt, every maze of its set) for a bot that "
      "speaks lines on stdin and stdout.",
      "ariadne-pipe"};
  app.set_version_flag("--version", "ariadne-pipe " + std::string(version));
  app.add_option("-u,--url", o.url, "Server")->capture_default_str();
  app.add_option("--name", o.name, "The name said in hello")->capture_default_str();
  app.add_option("--token", o.token, "A competitor's token (with --challenge)")
      ->envname("ARIADNE_TOKEN");
  app.add_option("--bot", o.bot,
                 "What the pages and replays call the bot (default: ariadne-pipe/PROGRAM)");
  app.add_option("--challenge", o.challenge,
                 "Play a ranked attempt on this challenge: every maze of its set, a run of the "
                 "program each");
  o.maze.add_to(app, "A named maze of the server instead of a generator");
  app.add_option("--seed", o.seed, "Maze seed (default: the server picks one)");
  app.add_option("--timeout", o.timeout_seconds, "Seconds to wait for each reply")
      ->check(CLI::Range(0.001, 3600.0))
      ->capture_default_str();
  add_tls_options(app, o.tls);
  add_reconnect_options(app, o.reconnect);
  app.add_option("command", o.command, "The bot's program and its arguments, after --")
      ->required()
      ->expected(-1);
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  try {
    if (o.bot.empty()) {
      const std::string program = o.command.front().substr(o.command.front().rfind('/') + 1);
      o.bot = "ariadne-pipe/" + program;
      if (check(limits::bot_name, o.bot)) o.bot = "ariadne-pipe";  // a name the server refuses
    } else if (auto problem = check(limits::bot_name, o.bot)) {
      std::cerr << "ariadne-pipe: --bot: " << problem->message << "\n";
      return 2;
    }
    if (!runnable(o.command.front())) {
      std::cerr << "ariadne-pipe: cannot start " << o.command.front()
                << ": no such executable (a path, or a name on the PATH)\n";
      return 2;
    }
    // The options are a start request: the rules check it before anything is spawned.
    if (o.challenge.empty()) {
      if (auto problem = o.maze.problem(o.seed)) {
        std::cerr << "ariadne-pipe: " << *problem << "\n";
        return 2;
      }
    }
    return play(o);
  } catch (const std::exception& e) {
    std::cerr << "ariadne-pipe: " << e.what() << "\n";
    return 2;
  }
}
