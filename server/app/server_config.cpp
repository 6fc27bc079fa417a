#include "server/app/server_config.hpp"

#include <CLI/CLI.hpp>

#include <boost/asio/ip/address.hpp>

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <iostream>
#include <string>

#include "core/model/limits.hpp"
#include "core/model/version.hpp"

namespace ariadne {

namespace {

// Durations up to a year: far below what the clock's arithmetic can hold.
constexpr std::uint64_t max_seconds = 365ULL * 24 * 3600;

// An option that the environment variable of the same name also sets
// (ARIADNE_ and the long flag in upper case: --max-runs, ARIADNE_MAX_RUNS),
// its default shown in --help unless there is none to show.
constexpr bool no_default = false;

std::string env_name(const std::string& flags) {
  std::string name = flags.substr(flags.rfind("--") + 2);
  for (char& c : name)
    c = c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return "ARIADNE_" + name;
}

template <typename T>
CLI::Option* setting(CLI::App& app, const std::string& flags, T& field, const std::string& help,
                     bool show_default = true) {
  CLI::Option* option = app.add_option(flags, field, help)->envname(env_name(flags));
  if (show_default) option->capture_default_str();
  return option;
}

}  // namespace

std::optional<std::string> tls_refusal(const server_config& c) {
  if (c.competition.empty() || !c.tls_cert.empty() || !c.tls_proxies.empty()) return std::nullopt;
  boost::system::error_code ec;
  const auto address = boost::asio::ip::make_address(c.bind, ec);
  if (!ec && address.is_loopback()) return std::nullopt;
  return "a competition's tokens must not cross a network in clear: bound to " + c.bind +
         ", give it a certificate (--tls-cert, --tls-key) or name the proxy that terminates "
         "TLS in front of it (--tls-proxy ADDRESS); or bind 127.0.0.1";
}

parsed_config parse_server_config(int argc, const char* const* argv) {
  server_config c;
  CLI::App app{"Ariadne: a WebSocket server for hidden-treasure maze exploration.",
               "ariadne-server"};
  app.set_version_flag("--version", "ariadne-server " + std::string(version));
  app.get_formatter()->column_width(40);
  app.footer(
      "Every option can also be set through the environment variable named beside it.\n"
      "Protocol: protocol/PROTOCOL.md; clients connect to ws://HOST:PORT/ws.");

  setting(app, "--bind", c.bind, "Address to listen on");
  setting(app, "-p,--port", c.port, "TCP port; 0 picks a free one");
  setting(app, "--port-file", c.port_file, "Write the bound port to this file once listening",
          no_default);
  setting(app, "-t,--threads", c.threads, "I/O threads; 0 means one per core")
      ->check(CLI::Range(0U, 256U));
  setting(app, "--maze-dir", c.maze_dir,
          "Directory of micromouse text mazes (*.txt) offered by name", no_default)
      ->check(CLI::ExistingDirectory);
  setting(app, "--competition", c.competition,
          "Competition file: hidden challenges, tokens, a leaderboard (docs/competition.md)",
          no_default)
      ->check(CLI::ExistingFile);
  setting(app, "--db", c.db,
          "The competition's database: a SQLite file (created when missing; or sqlite:FILE), or "
          "a PostgreSQL URI postgresql://USER@HOST:PORT/DB (its password from PGPASSFILE or "
          "PGPASSWORD)");
  setting(app, "--node", c.node,
          "This server's name among those sharing the competition's database (default: the "
          "host name); the same across its restarts, which give back only its own runs",
          no_default)
      ->check([](const std::string& name) {
        const bool ok = !name.empty() && name.size() <= 64 &&
                        std::all_of(name.begin(), name.end(), [](unsigned char ch) {
                          return std::isalnum(ch) || ch == '-' || ch == '_' || ch == '.';
                        });
        return ok ? std::string() : std::string("a node name is 1 to 64 letters, digits, - _ .");
      });
  setting(app, "--secret-file", c.secret_file,
          "The secret the competition's seeds come from (default: made on the first start "
          "and kept in the database)",
          no_default)
      ->check(CLI::ExistingFile);
  setting(app, "--close-grace-seconds", c.close_grace_seconds,
          "Ranked runs still in play this long after the competition's close end as "
          "timeout (0: they play to their own limits, up to --max-run-seconds)")
      ->check(CLI::Range(std::uint64_t{0}, max_seconds));
  setting(app, "--resume-seconds", c.resume_seconds,
          "A ranked run whose connection drops waits this long for its competitor to take "
          "it over, then ends as abandoned")
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{3600}));
  setting(app, "--drain-seconds", c.drain_seconds,
          "On SIGTERM: take no new connections or runs (the drones' WebSockets get HTTP 503, "
          "/healthz says draining), let the runs in play go on this long, then close the rest "
          "(1001, ranked attempts given back). SIGINT, or a second SIGTERM, stops at once")
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{3600}));
  setting(app, "--log-level", c.log_level, "trace, debug, info, warn, error or off")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}));
  setting(app, "--max-message-bytes", c.max_message_bytes,
          "Largest client message; a larger one closes the connection (1009)")
      ->check(CLI::Range(limits::min_message_bytes, std::size_t{1} << 20));
  setting(app, "--max-connections", c.max_connections,
          "TCP connections (HTTP and WebSocket) held at once; more get HTTP 503")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1000000}));
  setting(app, "--max-connections-per-ip", c.max_connections_per_ip,
          "Connections one client address may hold; more get HTTP 429")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1000000}));
  setting(app, "--max-runs", c.max_runs, "Runs in play at once; more get server_busy")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1000000}));
  setting(app, "--max-cells-in-play", c.max_cells_in_play,
          "Cells of all runs in play together (memory: about 0.3 byte a cell); more "
          "get server_busy")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
  setting(app, "--max-cells-per-ip", c.max_cells_per_ip,
          "Cells of the runs one client address plays at once; more get server_busy")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
  setting(app, "--max-maze-cells", c.max_maze_cells, "Largest maze a run may ask for, in cells")
      ->check(CLI::Range(std::uint64_t{1}, limits::width.max * limits::height.max));
  setting(app, "--rate-limit", c.rate_limit, "Messages per second per connection; 0 turns it off")
      ->check(CLI::NonNegativeNumber);
  setting(app, "--rate-burst", c.rate_burst,
          "Messages a connection may send at once above the rate")
      ->check(CLI::Range(1.0, 1e9));
  setting(app, "--rate-abuse-limit", c.rate_abuse_limit,
          "rate_limited replies in a row before the connection is closed (1008)")
      ->check(CLI::Range(1U, 1000000000U));
  setting(app, "--bump-penalty", c.bump_penalty, "Score = steps + bump_penalty x bumps")
      ->check(CLI::Range(0U, 1000U));
  setting(app, "--max-run-seconds", c.max_run_seconds,
          "Wall-clock cap on every run (ends it as timeout); 0 means none")
      ->check(CLI::Range(std::uint64_t{0}, max_seconds));
  setting(app, "--run-idle-seconds", c.run_idle_seconds,
          "A run without a command for this long ends as timeout; 0 means never")
      ->check(CLI::Range(std::uint64_t{0}, max_seconds));
  setting(app, "--hello-seconds", c.hello_seconds,
          "A WebSocket connection that sends no hello within this is closed (1008)")
      ->check(CLI::Range(std::uint64_t{1}, max_seconds));
  setting(app, "--connection-idle-seconds", c.connection_idle_seconds,
          "A connection without a run that sends nothing for this long is closed "
          "(1008); 0 means never")
      ->check(CLI::Range(std::uint64_t{0}, max_seconds));
  setting(app, "--start-workers", c.start_workers,
          "Threads that set big runs up, away from the I/O threads (plus one that "
          "takes only small set-ups)")
      ->check(CLI::Range(1U, 64U));
  setting(app, "--start-queue-cost", c.start_queue_cost,
          "Set-up work waiting or running at once, in units of about 10 ns; more get "
          "server_busy")
      ->check(CLI::Range(std::uint64_t{1'000'000}, std::uint64_t{1} << 40));
  setting(app, "--start-cost-rate", c.start_cost_rate,
          "Set-up work one client address may ask for a second, in the same units; more "
          "get rate_limited")
      ->check(CLI::Range(std::uint64_t{1000}, std::uint64_t{1} << 40));
  setting(app, "--socket-send-buffer", c.socket_send_buffer,
          "Bytes of each connection's kernel send buffer (SO_SNDBUF): what a client that "
          "stops reading can hold in the kernel; 0: the kernel's own tuning")
      ->check(CLI::Range(std::size_t{0}, std::size_t{64} << 20));
  setting(app, "--write-queue-limit", c.write_queue_limit,
          "Replies queued for a slow reader before reading from it pauses")
      ->check(CLI::Range(std::size_t{1}, std::size_t{100000}));
  setting(app, "--keep-replays", c.keep_replays,
          "Finished runs kept in memory for their replays (/api/replays) and spectators")
      ->check(CLI::Range(std::size_t{0}, std::size_t{100000}));
  setting(app, "--keep-replays-mib", c.keep_replays_mib,
          "What the finished runs kept may hold in all (their moves, paint and replays, "
          "counted in --max-memory-mib); past it the oldest go. 0: an eighth of "
          "--max-memory-mib; at most half of it")
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 30));
  setting(app, "--max-replay-moves", c.max_replay_moves,
          "Moves a run keeps (1 byte each) for its replay and its spectators; a longer "
          "run has no replay and its spectators stop at that move")
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 32));
  setting(app, "--max-spectators", c.max_spectators,
          "Spectator connections (/spectate) in all; more get HTTP 503")
      ->check(CLI::Range(std::size_t{0}, std::size_t{1000000}));
  setting(app, "--max-spectators-per-run", c.max_spectators_per_run,
          "Spectator connections on one run; more get HTTP 503")
      ->check(CLI::Range(std::size_t{0}, std::size_t{100000}));
  setting(app, "--max-spectators-per-ip", c.max_spectators_per_ip,
          "Spectator connections from one client address; more get HTTP 429")
      ->check(CLI::Range(std::size_t{0}, std::size_t{1000000}));
  setting(app, "--max-memory-mib", c.max_memory_mib,
          "Memory held for clients in all (move logs of runs in play, spectator streams, "
          "answers being written, finished runs kept); past it new work gets server_busy "
          "or HTTP 503. 0: a quarter of the machine's (or container's) memory")
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 30));
  setting(app, "--max-memory-per-ip-mib", c.max_memory_per_ip_mib,
          "The same for one client address. 0: a 16th of --max-memory-mib, from 64 MiB to "
          "1 GiB")
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 30));
  setting(app, "--tls-cert", c.tls_cert,
          "TLS certificate chain (PEM): the port then serves https:// and wss:// too; "
          "SIGHUP reads it again",
          no_default)
      ->check(CLI::ExistingFile);
  setting(app, "--tls-key", c.tls_key, "The certificate's private key (PEM)", no_default)
      ->check(CLI::ExistingFile);
  app.add_flag("--tls-only", c.tls_only,
               "Refuse plain http:// and ws:// (a 400 naming https:// and wss://)")
      ->envname("ARIADNE_TLS_ONLY");
  setting(app, "--tls-proxy", c.tls_proxies,
          "Address of a proxy that terminates TLS in front of this server (repeatable): "
          "its X-Forwarded-For is trusted",
          no_default)
      ->delimiter(',');
  setting(app, "--trusted-proxy", c.trusted_proxies,
          "Address of another proxy whose X-Forwarded-For names the client (repeatable)",
          no_default)
      ->delimiter(',');
  setting(app, "--ping-seconds", c.ping_seconds,
          "Every WebSocket is pinged this often, below proxies' idle timeouts (nginx: 60 s); "
          "0: never")
      ->check(CLI::Range(0U, 3600U));
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return {std::nullopt, app.exit(e)};
  } catch (const CLI::ParseError& e) {
    std::cerr << "ariadne-server: " << e.what() << " (see --help)\n";
    return {std::nullopt, 2};
  }
  c.trusted_proxies.insert(c.trusted_proxies.end(), c.tls_proxies.begin(), c.tls_proxies.end());
  if (c.node.empty()) {
    std::array<char, 256> host{};
    if (gethostname(host.data(), host.size() - 1) != 0 || host[0] == '\0') {
      c.node = "local";
    } else {
      c.node = std::string(host.data()).substr(0, 64);
    }
  }
  return {c, 0};
}

}  // namespace ariadne
