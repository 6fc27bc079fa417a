#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/play/run_setup.hpp"
#include "server/net/transport_config.hpp"

namespace ariadne {

// Everything ariadne-server can be told, by flag or by ARIADNE_* environment
// variable: the transport's part, and the rest. Defaults are the documented
// ones (README, ariadne-server --help).
struct server_config : transport_config {
  std::string maze_dir;
  std::string log_level = "info";
  std::string port_file;
  std::string competition;  // a competition file: competition mode (docs/competition.md)
  std::string db = "ariadne.db";
  std::string secret_file;
  // This server among those sharing the competition's database (its runs in
  // play are its own until it is known dead); the host name by default.
  std::string node;
  // Proxies that terminate TLS in front of this server (their
  // X-Forwarded-For is read, as a trusted proxy's).
  std::vector<std::string> tls_proxies;
  std::uint64_t resume_seconds = 30;  // a dropped ranked run waits this long for its competitor
  // Ranked runs still in play this long after the close end; 0: never.
  std::uint64_t close_grace_seconds = 0;
  // SIGTERM: runs in play go on this long before the rest is closed (1001).
  std::uint64_t drain_seconds = 30;

  std::size_t max_runs = 10000;
  std::uint64_t max_cells_in_play = 1ULL << 28;  // all runs' mazes together
  std::uint64_t max_cells_per_ip = 1ULL << 25;   // one address's runs together
  std::uint64_t max_maze_cells = host_limits{}.max_maze_cells;
  double rate_limit = 100000.0;  // messages per second per connection; 0 = off
  double rate_burst = 10000.0;
  std::uint32_t rate_abuse_limit = 1000;  // consecutive rate_limited replies before closing
  std::uint32_t bump_penalty = host_limits{}.bump_penalty;
  std::uint64_t max_run_seconds = 3600;  // every run's wall-clock cap; 0 = none
  std::uint64_t run_idle_seconds = 120;  // a run with no command for this long ends; 0 = never
  std::uint64_t hello_seconds = 10;      // a connection must say hello within this
  std::uint64_t connection_idle_seconds = 600;  // closed when silent this long between runs
  unsigned start_workers = 1;                   // threads that set big runs up, off the I/O threads
  std::uint64_t start_queue_cost = 100'000'000;  // set-up work waiting or running, in cost units
  std::uint64_t start_cost_rate = 20'000'000;    // set-up work one address may ask for a second
  std::size_t keep_replays = 200;      // finished runs kept for /api/replays and spectators
  std::uint64_t keep_replays_mib = 0;  // what they may hold; 0: an eighth of the memory budget
  std::uint64_t max_replay_moves = 1'000'000;  // moves a run keeps for its replay and spectators
  std::size_t max_spectators = 1000;           // spectator connections in all
  std::size_t max_spectators_per_run = 32;     // spectator connections on one run
  std::size_t max_spectators_per_ip = 100;     // spectator connections from one address
  std::uint64_t max_memory_mib = 0;         // memory held for clients in all; 0: from the machine
  std::uint64_t max_memory_per_ip_mib = 0;  // for one address; 0: from the total
};

// Parses the command line (and environment). Returns the config, or the exit
// code to end with when the arguments asked for help or were wrong (after
// printing a message).
struct parsed_config {
  std::optional<server_config> config;
  int exit_code = 0;
};
parsed_config parse_server_config(int argc, const char* const* argv);

// Why a competition may not start as configured: bound beyond loopback with
// neither TLS nor a TLS proxy in front (tokens would cross a network in
// clear); nullopt when it may.
std::optional<std::string> tls_refusal(const server_config& config);

}  // namespace ariadne
