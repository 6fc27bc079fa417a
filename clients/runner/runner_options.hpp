#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "bots/reply_check.hpp"
#include "clients/sdk/maze_options.hpp"
#include "clients/sdk/reconnect_policy.hpp"
#include "tls/client_tls.hpp"

namespace ariadne {

// A mistake in ariadne-bot's command line: printed, exit code 2.
struct usage_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What ariadne-bot is told (ariadne-bot --help).
struct runner_options {
  std::string bot = "all";   // a name, a list (dfs,frontier) or all
  std::string program;       // a command line for /bin/sh
  std::string program_name;  // default: program_name(the command's words)
  std::string url = "ws://127.0.0.1:8080/ws";
  bool offline = false;
  maze_options maze;
  std::string seeds = "1-10";
  std::string maze_dir;
  unsigned jobs = 1;
  std::string json_file;
  bool show = false;
  std::string svg_file;
  std::string plot_file;
  std::string plot_of = "efficiency";
  std::string ping_url;
  std::string verify_replay;
  std::vector<std::string> compare_replays;
  bool quiet = false;
  double timeout_seconds = 30;  // for --ping: 3
  std::uint64_t max_cells = drone_limits{}.max_cells;
  std::uint64_t max_run_seconds = static_cast<std::uint64_t>(drone_limits{}.max_run_time.count());
  // What every drone holds the server to.
  drone_limits limits() const;
  bool timeout_given = false;
  std::string token;           // a competitor's
  std::string challenge;       // ranked runs: a challenge id, or "all"
  std::uint32_t attempts = 0;  // 0: as the challenge's keep rule says
  client_tls_options tls;      // --ca, --insecure
  reconnect_policy reconnect;  // --no-reconnect

  std::chrono::milliseconds timeout() const;
};

// "all, tremaux, dfs, ...": what --bot takes.
std::string bot_names();

// Reads the command line into o: nullopt to go on, or the exit code for
// --help and --version. Throws usage_error.
std::optional<int> parse_runner_options(int argc, char** argv, runner_options& o);

// "1-100", "7", or "1,5,9-12". Throws usage_error.
std::vector<std::uint64_t> parse_seeds(const std::string& text);

}  // namespace ariadne
