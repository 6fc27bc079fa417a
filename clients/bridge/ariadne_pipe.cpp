// ariadne-pipe: plays one run for a bot in any language that can print and
// read lines. It starts the bot's program, relays its commands (one a line on
// the program's stdout) to the server and answers each with one line on the
// program's stdin (PROTOCOL.md, "The stdin/stdout bridge"). The program's
// stderr passes through.
//   ariadne-pipe --url ws://127.0.0.1:8080/ws --generator prim --size 16x16 --seed 42 -- ./my-bot
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "clients/bridge/line_protocol.hpp"
#include "clients/sdk/maze_options.hpp"
#include "clients/sdk/remote_drone.hpp"
#include "clients/sdk/secure_connection.hpp"
#include "clients/sdk/server_url.hpp"
#include "core/maze/maze_spec.hpp"
#include "core/model/limits.hpp"
#include "core/model/version.hpp"

extern char** environ;

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

// The bot's program, its stdin and stdout on pipes.
class child_program {
 public:
  explicit child_program(const std::vector<std::string>& command) {
    int to_child[2];
    int from_child[2];
    if (pipe(to_child) != 0 || pipe(from_child) != 0) throw std::runtime_error("pipe failed");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, to_child[0], 0);
    posix_spawn_file_actions_adddup2(&actions, from_child[1], 1);
    for (const int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) {
      posix_spawn_file_actions_addclose(&actions, fd);
    }
    std::vector<char*> argv;
    for (const auto& arg : command)
      argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    const int rc = posix_spawnp(&pid_, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(to_child[0]);
    close(from_child[1]);
    if (rc != 0) {
      close(to_child[1]);
      close(from_child[0]);
      throw std::runtime_error("cannot start " + command[0] + ": " + std::strerror(rc));
    }
    in_ = fdopen(to_child[1], "w");
    out_ = fdopen(from_child[0], "r");
  }
  ~child_program() {
    close_input();
    if (out_ != nullptr) std::fclose(out_);
    if (pid_ > 0) finish(std::chrono::seconds(5));
  }
  child_program(const child_program&) = delete;
  child_program& operator=(const child_program&) = delete;

  // One line from the program, or nullopt once it closed its stdout.
  std::optional<std::string> read_line() {
    char* data = nullptr;
    std::size_t capacity = 0;
    const ssize_t n = getline(&data, &capacity, out_);
    std::optional<std::string> line;
    if (n >= 0) line.emplace(data, static_cast<std::size_t>(n));
    std::free(data);
    if (line && !line->empty() && line->back() == '\n') line->pop_back();
    return line;
  }
  // False when the program no longer reads.
  bool write_line(const std::string& line) {
    if (in_ == nullptr) return false;
    return std::fprintf(in_, "%s\n", line.c_str()) >= 0 && std::fflush(in_) == 0;
  }
  void close_input() {
    if (in_ != nullptr) std::fclose(in_);
    in_ = nullptr;
  }
  // Waits for the program to exit (killing it after `grace`); its exit
  // status as text.
  std::string finish(std::chrono::seconds grace) {
    const auto deadline = std::chrono::steady_clock::now() + grace;
    int status = 0;
    for (;;) {
      const pid_t done = waitpid(pid_, &status, WNOHANG);
      if (done == pid_) break;
      if (done < 0) return "gone";
      if (std::chrono::steady_clock::now() >= deadline) {
        kill(pid_, SIGKILL);
        waitpid(pid_, &status, 0);
        pid_ = -1;
        return "killed after " + std::to_string(grace.count()) + " s";
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    pid_ = -1;
    if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) return "signal " + std::to_string(WTERMSIG(status));
    return "ended";
  }

 private:
  pid_t pid_ = -1;
  FILE* in_ = nullptr;
  FILE* out_ = nullptr;
};

// One run, started: a fresh run of the program relays it to its end. Prints
// its result line; true when every treasure was found.
bool relay(const options& o, remote_drone& d, const drone_state& first) {
  child_program bot(o.command);
  // A practice run can be watched live (a ranked one after the close).
  if (!first.set) {
    std::cerr << "ariadne-pipe: run " << first.run << ", watch it at "
              << pages_url(o.url, "watch/" + std::to_string(first.run)) << "\n";
  }
  std::uint64_t bad_lines = 0;
  bool ended_by_bot = true;
  bot.write_line(start_line(first));
  while (!d.finished()) {
    const auto line = bot.read_line();
    if (!line) {
      // The program is gone before the end of its run.
      d.abandon();
      ended_by_bot = false;
      break;
    }
    const auto parsed = parse_line(*line);
    if (const auto* problem = std::get_if<std::string>(&parsed)) {
      ++bad_lines;
      bot.write_line(error_line("bad_line", *problem));
      continue;
    }
    const auto& command = std::get<line_command>(parsed);
    std::string extra = "-";
    try {
      switch (command.type) {
        case line_command::kind::sense:
          d.sense();
          break;
        case line_command::kind::move:
          extra = d.move(command.dirs.front()) ? "1" : "0";
          break;
        case line_command::kind::path:
          extra = std::to_string(d.path(command.dirs));
          break;
        case line_command::kind::abandon:
          d.abandon();
          break;
        case line_command::kind::paint: {
          protocol::paint_message paint;
          paint.clear = command.clear;
          paint.cells = command.marks;
          bot.write_line(painted_line(d.paint(paint)));
          continue;  // its answer is PAINTED, not a state
        }
      }
    } catch (const drone_error& e) {
      if (!e.code()) throw;  // the connection is gone
      ++bad_lines;
      bot.write_line(error_line(to_string(*e.code()), e.what()));
      continue;
    }
    if (!d.finished()) bot.write_line(state_line(d.state(), extra));
  }
  const drone_state& last = d.state();
  bot.write_line(end_line(last));
  bot.close_input();
  const std::string exit = bot.finish(std::chrono::seconds(5));
  const run_result& r = *last.result;
  if (!ended_by_bot) {
    std::cerr << "ariadne-pipe: the bot's program closed its output (" << exit
              << ") before its run ended: the run is abandoned\n";
  }
  if (bad_lines > 0) std::cerr << "ariadne-pipe: " << bad_lines << " line(s) refused\n";
  nlohmann::ordered_json result = {{"status", std::string(to_string(r.status))},
                                   {"steps", r.steps},
                                   {"bumps", r.bumps},
                                   {"score", r.score},
                                   {"optimal", r.optimal},
                                   {"efficiency", r.efficiency},
                                   {"found", r.found},
                                   {"treasures", r.treasures},
                                   {"refused_lines", bad_lines}};
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
