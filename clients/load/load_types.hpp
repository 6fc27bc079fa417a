#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "clients/load/histogram.hpp"
#include "tls/client_tls.hpp"

namespace ariadne::load {

using clock_type = std::chrono::steady_clock;

struct options {
  std::string url = "ws://127.0.0.1:8080/ws";
  unsigned connections = 10;
  unsigned pipeline = 1;
  double duration = 10;
  double warmup = 2;
  unsigned path_length = 0;  // 0: move messages; N: path messages of N moves
  int side = 64;
  unsigned threads = 1;
  bool idle = false;
  // Short runs (one treasure, the default move limit), each replayed offline
  // on the rules at its end: the server's result must be exactly the same.
  bool verify = false;
  // Short runs (one treasure, the default move limit), not replayed.
  bool short_runs = false;
  std::uint64_t max_steps = 0;  // with --short: the move limit (0: the rules' default)
  // Ranked play: each connection says hello with a token of this list (by
  // index) and starts the challenge; its runs are the challenge's.
  std::vector<std::string> tokens;
  std::string challenge;
  // Hostile connections beside the players, by kind.
  unsigned starts = 0;      // loop start/abandon on the costliest mazes
  unsigned drops = 0;       // start, move a little, vanish without a close
  unsigned garbage = 0;     // malformed messages, then an oversized or binary frame
  unsigned deaf = 0;        // start and send moves without ever reading a reply
  unsigned spectators = 0;  // spectators watching each player's run (/spectate)
  // Every player also sends a paint of 128 cells after every N moves (0: never;
  // 1: a flood, far past the server's 20 a second).
  unsigned paint_every = 0;
  std::string ready_file;
  std::string json_file;
  client_tls_options tls;  // --ca, --insecure
  // The one TLS context of every connection to a wss:// URL (null for ws://).
  std::shared_ptr<boost::asio::ssl::context> tls_context;
};

// Counts welcomed idle connections; the last one writes the ready file.
struct readiness {
  std::atomic<unsigned> welcomed{0};
  unsigned expected = 0;
  std::string file;
  void welcome() {
    if (welcomed.fetch_add(1) + 1 == expected && !file.empty())
      std::ofstream(file) << expected << "\n";
  }
};

// What one I/O thread measured.
struct tally {
  histogram latency;
  std::uint64_t replies = 0;
  std::uint64_t moves = 0;
  std::uint64_t errors = 0;
  std::uint64_t runs = 0;
  std::uint64_t results = 0;  // run results received while measuring
  std::uint64_t connected = 0;
  std::uint64_t failed = 0;
  std::uint64_t verified = 0;    // runs replayed offline with the server's exact result
  std::uint64_t mismatches = 0;  // runs whose result the replay did not give
  // Hostile connections: what they did and what the server did to them.
  std::uint64_t hostile_starts = 0;  // big starts set up
  std::uint64_t hostile_busy = 0;    // big starts refused (server_busy, rate_limited)
  std::uint64_t hostile_sessions = 0;
  std::uint64_t hostile_closed = 0;  // connections the server closed (1008, 1009, ...)
  // Spectators: streams opened and refused, what they received while measuring.
  std::uint64_t spectators = 0;
  std::uint64_t spectators_failed = 0;
  std::uint64_t spectator_messages = 0;
  std::uint64_t spectator_bytes = 0;
  std::uint64_t spectator_moves = 0;   // moves the streams showed (their seq's advance)
  std::uint64_t spectator_paints = 0;  // paint messages the streams carried
  // Paints sent by the players while measuring: kept, and refused (rate, budget).
  std::uint64_t paints = 0;
  std::uint64_t paints_refused = 0;

  void merge(const tally& t) {
    latency.merge(t.latency);
    replies += t.replies;
    moves += t.moves;
    errors += t.errors;
    runs += t.runs;
    results += t.results;
    connected += t.connected;
    failed += t.failed;
    verified += t.verified;
    mismatches += t.mismatches;
    hostile_starts += t.hostile_starts;
    hostile_busy += t.hostile_busy;
    hostile_sessions += t.hostile_sessions;
    hostile_closed += t.hostile_closed;
    spectators += t.spectators;
    spectators_failed += t.spectators_failed;
    spectator_messages += t.spectator_messages;
    spectator_bytes += t.spectator_bytes;
    spectator_moves += t.spectator_moves;
    spectator_paints += t.spectator_paints;
    paints += t.paints;
    paints_refused += t.paints_refused;
  }
};

struct shared_clock {
  clock_type::time_point measure_from;
  clock_type::time_point measure_until;
  bool measuring(clock_type::time_point t) const { return t >= measure_from && t < measure_until; }
};

}  // namespace ariadne::load
