#include "server/app/server_config.hpp"

#include <CLI/CLI.hpp>

#include <iostream>

#include "core/model/limits.hpp"
#include "core/model/version.hpp"

namespace ariadne {

namespace {

// Durations up to a year: far below what the clock's arithmetic can hold.
constexpr std::uint64_t max_seconds = 365ULL * 24 * 3600;

}  // namespace

config_outcome parse_server_config(int argc, const char* const* argv) {
  server_config c;
  CLI::App app{"Ariadne: a WebSocket server for hidden-treasure maze exploration.",
               "ariadne-server"};
  app.set_version_flag("--version", "ariadne-server " + std::string(version));
  app.get_formatter()->column_width(40);
  app.footer(
      "Every option can also be set through the environment variable named beside it.\n"
      "Protocol: protocol/PROTOCOL.md; clients connect to ws://HOST:PORT/ws.");

  app.add_option("--bind", c.bind, "Address to listen on")
      ->envname("ARIADNE_BIND")
      ->capture_default_str();
  app.add_option("-p,--port", c.port, "TCP port; 0 picks a free one")
      ->envname("ARIADNE_PORT")
      ->capture_default_str();
  app.add_option("--port-file", c.port_file, "Write the bound port to this file once listening")
      ->envname("ARIADNE_PORT_FILE");
  app.add_option("-t,--threads", c.threads, "I/O threads; 0 means one per core")
      ->envname("ARIADNE_THREADS")
      ->check(CLI::Range(0U, 256U))
      ->capture_default_str();
  app.add_option("--maze-dir", c.maze_dir,
                 "Directory of micromouse text mazes (*.txt) offered by name")
      ->envname("ARIADNE_MAZE_DIR")
      ->check(CLI::ExistingDirectory);
  app.add_option("--competition", c.competition,
                 "Competition file: hidden challenges, tokens, a leaderboard (docs/competition.md)")
      ->envname("ARIADNE_COMPETITION")
      ->check(CLI::ExistingFile);
  app.add_option("--db", c.db, "The competition's SQLite database; created when missing")
      ->envname("ARIADNE_DB")
      ->capture_default_str();
  app.add_option("--secret-file", c.secret_file,
                 "The secret the competition's seeds come from (default: made on the first start "
                 "and kept in the database)")
      ->envname("ARIADNE_SECRET_FILE")
      ->check(CLI::ExistingFile);
  app.add_option("--resume-seconds", c.resume_seconds,
                 "A ranked run whose connection drops waits this long for its competitor to take "
                 "it over, then ends as abandoned")
      ->envname("ARIADNE_RESUME_SECONDS")
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{3600}))
      ->capture_default_str();
  app.add_option("--log-level", c.log_level, "trace, debug, info, warn, error or off")
      ->envname("ARIADNE_LOG_LEVEL")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}))
      ->capture_default_str();
  app.add_option("--max-message-bytes", c.max_message_bytes,
                 "Largest client message; a larger one closes the connection (1009)")
      ->envname("ARIADNE_MAX_MESSAGE_BYTES")
      ->check(CLI::Range(limits::min_message_bytes, std::size_t{1} << 20))
      ->capture_default_str();
  app.add_option("--max-connections", c.max_connections,
                 "TCP connections (HTTP and WebSocket) held at once; more get HTTP 503")
      ->envname("ARIADNE_MAX_CONNECTIONS")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1000000}))
      ->capture_default_str();
  app.add_option("--max-connections-per-ip", c.max_connections_per_ip,
                 "Connections one client address may hold; more get HTTP 503")
      ->envname("ARIADNE_MAX_CONNECTIONS_PER_IP")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1000000}))
      ->capture_default_str();
  app.add_option("--max-runs", c.max_runs, "Runs in play at once; more get server_busy")
      ->envname("ARIADNE_MAX_RUNS")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1000000}))
      ->capture_default_str();
  app.add_option("--max-cells-in-play", c.max_cells_in_play,
                 "Cells of all runs in play together (memory: about 0.3 byte a cell); more "
                 "get server_busy")
      ->envname("ARIADNE_MAX_CELLS_IN_PLAY")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
      ->capture_default_str();
  app.add_option("--max-cells-per-ip", c.max_cells_per_ip,
                 "Cells of the runs one client address plays at once; more get server_busy")
      ->envname("ARIADNE_MAX_CELLS_PER_IP")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
      ->capture_default_str();
  app.add_option("--max-maze-cells", c.max_maze_cells, "Largest maze a run may ask for, in cells")
      ->envname("ARIADNE_MAX_MAZE_CELLS")
      ->check(CLI::Range(std::uint64_t{1}, limits::width.max * limits::height.max))
      ->capture_default_str();
  app.add_option("--rate-limit", c.rate_limit, "Messages per second per connection; 0 turns it off")
      ->envname("ARIADNE_RATE_LIMIT")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  app.add_option("--rate-burst", c.rate_burst,
                 "Messages a connection may send at once above the rate")
      ->envname("ARIADNE_RATE_BURST")
      ->check(CLI::Range(1.0, 1e9))
      ->capture_default_str();
  app.add_option("--rate-abuse-limit", c.rate_abuse_limit,
                 "rate_limited replies in a row before the connection is closed (1008)")
      ->envname("ARIADNE_RATE_ABUSE_LIMIT")
      ->check(CLI::Range(1U, 1000000000U))
      ->capture_default_str();
  app.add_option("--bump-penalty", c.bump_penalty, "Score = steps + bump_penalty x bumps")
      ->envname("ARIADNE_BUMP_PENALTY")
      ->check(CLI::Range(0U, 1000U))
      ->capture_default_str();
  app.add_option("--max-run-seconds", c.max_run_seconds,
                 "Wall-clock cap on every run (ends it as timeout); 0 means none")
      ->envname("ARIADNE_MAX_RUN_SECONDS")
      ->check(CLI::Range(std::uint64_t{0}, max_seconds))
      ->capture_default_str();
  app.add_option("--run-idle-seconds", c.run_idle_seconds,
                 "A run without a command for this long ends as timeout; 0 means never")
      ->envname("ARIADNE_RUN_IDLE_SECONDS")
      ->check(CLI::Range(std::uint64_t{0}, max_seconds))
      ->capture_default_str();
  app.add_option("--hello-seconds", c.hello_seconds,
                 "A WebSocket connection that sends no hello within this is closed (1008)")
      ->envname("ARIADNE_HELLO_SECONDS")
      ->check(CLI::Range(std::uint64_t{1}, max_seconds))
      ->capture_default_str();
  app.add_option("--connection-idle-seconds", c.connection_idle_seconds,
                 "A connection without a run that sends nothing for this long is closed "
                 "(1008); 0 means never")
      ->envname("ARIADNE_CONNECTION_IDLE_SECONDS")
      ->check(CLI::Range(std::uint64_t{0}, max_seconds))
      ->capture_default_str();
  app.add_option("--start-workers", c.start_workers,
                 "Threads that set big runs up, away from the I/O threads")
      ->envname("ARIADNE_START_WORKERS")
      ->check(CLI::Range(1U, 64U))
      ->capture_default_str();
  app.add_option("--start-queue-cost", c.start_queue_cost,
                 "Set-up work waiting or running at once, in units of about 10 ns; more get "
                 "server_busy")
      ->envname("ARIADNE_START_QUEUE_COST")
      ->check(CLI::Range(std::uint64_t{1'000'000}, std::uint64_t{1} << 40))
      ->capture_default_str();
  app.add_option("--start-cost-rate", c.start_cost_rate,
                 "Set-up work one client address may ask for a second, in the same units; more "
                 "get rate_limited")
      ->envname("ARIADNE_START_COST_RATE")
      ->check(CLI::Range(std::uint64_t{1000}, std::uint64_t{1} << 40))
      ->capture_default_str();
  app.add_option("--write-queue-limit", c.write_queue_limit,
                 "Replies queued for a slow reader before reading from it pauses")
      ->envname("ARIADNE_WRITE_QUEUE_LIMIT")
      ->check(CLI::Range(std::size_t{1}, std::size_t{100000}))
      ->capture_default_str();
  app.add_option("--keep-replays", c.keep_replays,
                 "Finished runs kept in memory for their replays (/api/replays) and spectators")
      ->envname("ARIADNE_KEEP_REPLAYS")
      ->check(CLI::Range(std::size_t{0}, std::size_t{100000}))
      ->capture_default_str();
  app.add_option("--max-replay-moves", c.max_replay_moves,
                 "Moves a run keeps (1 byte each) for its replay and its spectators; a longer "
                 "run has no replay and its spectators stop at that move")
      ->envname("ARIADNE_MAX_REPLAY_MOVES")
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 32))
      ->capture_default_str();
  app.add_option("--max-spectators", c.max_spectators,
                 "Spectator connections (/spectate) in all; more get HTTP 503")
      ->envname("ARIADNE_MAX_SPECTATORS")
      ->check(CLI::Range(std::size_t{0}, std::size_t{1000000}))
      ->capture_default_str();
  app.add_option("--max-spectators-per-run", c.max_spectators_per_run,
                 "Spectator connections on one run; more get HTTP 503")
      ->envname("ARIADNE_MAX_SPECTATORS_PER_RUN")
      ->check(CLI::Range(std::size_t{0}, std::size_t{100000}))
      ->capture_default_str();

  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return {std::nullopt, app.exit(e)};
  } catch (const CLI::ParseError& e) {
    std::cerr << "ariadne-server: " << e.what() << " (see --help)\n";
    return {std::nullopt, 2};
  }
  return {c, 0};
}

}  // namespace ariadne
