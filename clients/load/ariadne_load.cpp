// ariadne-load: a closed-loop WebSocket load generator for Ariadne servers
// (and for the bare Beast floor server that docs/benchmarks.md compares with).
// N connections each say hello, start a run and keep `pipeline` move (or
// path) messages in flight, choosing directions from the last reply; after a
// warm-up, replies and their latencies are counted for a fixed duration.
// Hostile connections may play beside them (--starts, --drops, --garbage,
// --deaf), and --verify replays every player's run offline to check the
// server's result.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdio>
#include <deque>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <thread>
#include <vector>

#include "clients/load/hostile_connection.hpp"
#include "clients/load/load_types.hpp"
#include "clients/load/player_connection.hpp"
#include "clients/sdk/health_check.hpp"
#include "clients/sdk/secure_connection.hpp"
#include "clients/sdk/server_url.hpp"
#include "core/model/limits.hpp"

namespace {

namespace beast = boost::beast;
namespace net = boost::asio;
using namespace ariadne::load;

int run_load(int argc, char** argv) {
  options o;
  CLI::App app{"Closed-loop WebSocket load for an Ariadne server.", "ariadne-load"};
  app.add_option("-u,--url", o.url, "Server")->capture_default_str();
  app.add_option("-c,--connections", o.connections, "Connections")
      ->check(CLI::Range(1U, 100000U))
      ->capture_default_str();
  app.add_option("-p,--pipeline", o.pipeline, "Messages in flight per connection")
      ->check(CLI::Range(1U, 1024U))
      ->capture_default_str();
  app.add_option("-d,--duration", o.duration, "Seconds measured")
      ->check(CLI::Range(0.1, 3600.0))
      ->capture_default_str();
  app.add_option("-w,--warmup", o.warmup, "Seconds before measuring")
      ->check(CLI::Range(0.0, 600.0))
      ->capture_default_str();
  app.add_option("--path", o.path_length, "Send path messages of N moves instead of moves")
      ->check(CLI::Range(0U, static_cast<unsigned>(ariadne::limits::path_letters.max)));
  app.add_option("--side", o.side, "Maze side in cells")
      ->check(CLI::Range(2, 1024))
      ->capture_default_str();
  app.add_option("-t,--threads", o.threads, "I/O threads")
      ->check(CLI::Range(1U, 64U))
      ->capture_default_str();
  app.add_flag("--idle", o.idle, "Connect and say hello only, then hold the connections");
  app.add_flag("--verify", o.verify,
               "Short runs, each replayed offline at its end: the server's result must match");
  app.add_flag("--short", o.short_runs, "Short runs: one treasure, the default move limit");
  app.add_option("--max-steps", o.max_steps, "With --short: the runs' move limit");
  std::string tokens_file;
  app.add_option("--tokens", tokens_file,
                 "Ranked play: FILE of competitors' tokens, one a line (connection i uses line i)")
      ->check(CLI::ExistingFile);
  app.add_option("--challenge", o.challenge, "Ranked play: the challenge every run starts");
  app.add_option("--starts", o.starts, "Hostile connections looping costly starts")
      ->capture_default_str();
  app.add_option("--drops", o.drops, "Hostile connections that vanish mid-run")
      ->capture_default_str();
  app.add_option("--garbage", o.garbage,
                 "Hostile connections sending malformed, oversized and binary frames")
      ->capture_default_str();
  app.add_option("--deaf", o.deaf, "Hostile connections that never read a reply")
      ->capture_default_str();
  app.add_option(
      "--ready-file", o.ready_file,
      "With --idle: write the connection count to FILE once every connection is welcomed");
  app.add_option("--spectators", o.spectators,
                 "Spectators (/spectate) watching each player's run, reading everything")
      ->check(CLI::Range(0U, 64U));
  app.add_option("--paint-every", o.paint_every,
                 "Each player also paints 128 cells after every N moves (1: a flood)")
      ->check(CLI::Range(0U, 1000000U));
  app.add_option("--json", o.json_file, "Also write the figures as JSON to FILE");
  ariadne::add_tls_options(app, o.tls);
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "ariadne-load: " << e.what() << "\n";
    return 2;
  }
  if (!tokens_file.empty()) {
    std::ifstream in(tokens_file);
    for (std::string line; std::getline(in, line);) {
      if (!line.empty()) o.tokens.push_back(line);
    }
  }
  if (o.tokens.empty() != o.challenge.empty()) {
    std::cerr << "ariadne-load: ranked play needs both --tokens and --challenge\n";
    return 2;
  }
  const ariadne::server_url where = ariadne::parse_server_url(o.url, "ws://");
  try {
    o.tls_context = ariadne::client_context_for(where, o.tls);
  } catch (const std::exception& e) {
    std::cerr << "ariadne-load: " << e.what() << "\n";
    return 2;
  }
  if (where.secure) {
    // A certificate that does not verify fails every connection alike: say why once.
    if (const auto problem =
            ariadne::check_health(o.url, std::chrono::seconds(10), o.tls_context)) {
      std::cerr << "ariadne-load: " << o.url << ": " << *problem << "\n";
      return 1;
    }
  }
  const unsigned hostile = o.starts + o.drops + o.garbage + o.deaf;

  // One io_context and one tally per thread: a connection stays on its thread.
  std::vector<std::unique_ptr<net::io_context>> contexts;
  for (unsigned i = 0; i < o.threads; ++i)
    contexts.push_back(std::make_unique<net::io_context>(1));
  shared_clock clock;
  const auto begin = clock_type::now();
  clock.measure_from = begin + std::chrono::duration_cast<clock_type::duration>(
                                   std::chrono::duration<double>(o.warmup));
  clock.measure_until = clock.measure_from + std::chrono::duration_cast<clock_type::duration>(
                                                 std::chrono::duration<double>(o.duration));
  std::vector<tally> tallies(o.threads);
  readiness ready;
  ready.expected = o.connections;
  ready.file = o.ready_file;
  std::vector<std::shared_ptr<player_connection>> connections;
  for (unsigned i = 0; i < o.connections; ++i) {
    // Each connection's counters belong to one thread's tally, by index.
    connections.push_back(std::make_shared<player_connection>(
        *contexts[i % o.threads], o, where, clock, tallies[i % o.threads], ready, i + 1));
    connections.back()->start();
  }
  // Hostile connections, one slot each on a thread: a connection that ends
  // leaves its slot to a new one of the same kind until the measurement ends.
  struct hostile_slot {
    hostile_connection::kind kind = hostile_connection::kind::starts;
    unsigned thread = 0;
    std::uint64_t spawned = 0;
    std::shared_ptr<hostile_connection> current;
    std::unique_ptr<net::steady_timer> pause;
  };
  std::vector<hostile_slot> hostiles(hostile);
  std::vector<bool> stopped(o.threads, false);
  std::function<void(std::size_t)> spawn = [&](std::size_t k) {
    hostile_slot& slot = hostiles[k];
    if (stopped[slot.thread]) return;
    const std::uint64_t seed = 1'000'000 + k * 100'000 + slot.spawned++;
    slot.current = std::make_shared<hostile_connection>(
        *contexts[slot.thread], slot.kind, o, where, tallies[slot.thread], seed, [&, k] {
          // A short pause between sessions: the attack stays on the server, not
          // on this process's own CPU.
          hostile_slot& s = hostiles[k];
          net::post(*contexts[s.thread], [&, k] {
            hostile_slot& again = hostiles[k];
            again.pause->expires_after(std::chrono::milliseconds(20));
            again.pause->async_wait([&, k](beast::error_code ec) {
              if (!ec) spawn(k);
            });
          });
        });
    slot.current->start();
  };
  {
    std::size_t k = 0;
    for (const auto& [count, kind] : {std::pair{o.starts, hostile_connection::kind::starts},
                                      std::pair{o.drops, hostile_connection::kind::drop},
                                      std::pair{o.garbage, hostile_connection::kind::garbage},
                                      std::pair{o.deaf, hostile_connection::kind::deaf}}) {
      for (unsigned i = 0; i < count; ++i, ++k) {
        hostiles[k].kind = kind;
        hostiles[k].thread = static_cast<unsigned>(k % o.threads);
        hostiles[k].pause = std::make_unique<net::steady_timer>(*contexts[hostiles[k].thread]);
        spawn(k);
      }
    }
  }
  std::vector<std::unique_ptr<net::steady_timer>> timers;
  for (unsigned t = 0; t < o.threads; ++t) {
    timers.push_back(std::make_unique<net::steady_timer>(*contexts[t], clock.measure_until));
    timers.back()->async_wait([&, t](beast::error_code) {
      stopped[t] = true;
      for (std::size_t i = t; i < connections.size(); i += o.threads)
        connections[i]->stop();
      for (auto& slot : hostiles) {
        if (slot.thread != t) continue;
        slot.pause->cancel();
        if (slot.current) slot.current->stop();
      }
    });
  }
  std::vector<std::thread> workers;
  for (unsigned t = 1; t < o.threads; ++t)
    workers.emplace_back([&, t] { contexts[t]->run(); });
  contexts[0]->run();
  for (auto& w : workers)
    w.join();

  tally total;
  for (const tally& t : tallies)
    total.merge(t);
  const double seconds = o.duration;
  const auto& h = total.latency;
  nlohmann::json figures = {
      {"connections", o.connections},
      {"connected", total.connected},
      {"failed", total.failed},
      {"pipeline", o.pipeline},
      {"path", o.path_length},
      {"seconds", seconds},
      {"replies_per_s", static_cast<double>(total.replies) / seconds},
      {"moves_per_s", static_cast<double>(total.moves) / seconds},
      {"errors", total.errors},
      {"runs", total.runs},
      {"results_per_s", static_cast<double>(total.results) / seconds},
      {"p50_us", h.percentile(50)},
      {"p90_us", h.percentile(90)},
      {"p99_us", h.percentile(99)},
      {"p999_us", h.percentile(99.9)},
      {"max_us", h.max()},
      {"verified", total.verified},
      {"mismatches", total.mismatches},
      {"spectators",
       {{"watching", total.spectators},
        {"refused", total.spectators_failed},
        {"messages_per_s", static_cast<double>(total.spectator_messages) / seconds},
        {"bytes_per_s", static_cast<double>(total.spectator_bytes) / seconds},
        {"moves_per_s", static_cast<double>(total.spectator_moves) / seconds},
        {"paints_per_s", static_cast<double>(total.spectator_paints) / seconds}}},
      {"paints",
       {{"kept_per_s", static_cast<double>(total.paints) / seconds},
        {"refused_per_s", static_cast<double>(total.paints_refused) / seconds}}},
      {"hostile",
       {{"sessions", total.hostile_sessions},
        {"closed_by_server", total.hostile_closed},
        {"costly_starts_set_up", total.hostile_starts},
        {"costly_starts_refused", total.hostile_busy}}}};
  std::printf("%-11s %9s %12s %12s %7s %8s %8s %8s %9s %9s\n", "connections", "pipeline",
              "replies/s", "moves/s", "errors", "p50 us", "p90 us", "p99 us", "p99.9 us", "max us");
  std::printf("%-11u %9u %12.0f %12.0f %7llu %8.1f %8.1f %8.1f %9.1f %9.1f\n", o.connections,
              o.pipeline, figures["replies_per_s"].get<double>(),
              figures["moves_per_s"].get<double>(), static_cast<unsigned long long>(total.errors),
              h.percentile(50), h.percentile(90), h.percentile(99), h.percentile(99.9), h.max());
  std::printf("%s\n", figures.dump().c_str());
  if (!o.json_file.empty()) std::ofstream(o.json_file) << figures.dump(1) << "\n";
  if (total.mismatches > 0) {
    std::cerr << "ariadne-load: " << total.mismatches
              << " run(s) ended with a result the offline replay does not give\n";
    return 1;
  }
  if (total.connected < o.connections) {
    std::cerr << "ariadne-load: only " << total.connected << " of " << o.connections
              << " connections were made\n";
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run_load(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "ariadne-load: " << e.what() << "\n";
    return 2;
  }
}
