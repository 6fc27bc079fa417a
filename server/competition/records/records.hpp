#pragma once

#include <cstdint>
#include <string>
#include <tuple>

#include "server/competition/records/ranked_status.hpp"

namespace ariadne {

// What a competition keeps, as the rules read it and the stores write it.

// A competitor as the store keeps it: never the token, only its hash.
struct competitor_record {
  std::int64_t id = 0;
  std::string name;
  bool revoked = false;
  std::int64_t created_at_ms = 0;  // Unix time
  std::string token_hash{};
};

// A challenge as the server last started it: its canonical definition, so
// that a changed file is noticed at the next start.
struct challenge_record {
  std::string id;
  std::int32_t position = 0;
  double weight = 1;
  std::string definition;  // JSON text
};

// One ranked run: an attempt of a competitor on a challenge. `deal` numbers
// the mazes dealt to the competitor on the challenge (1, 2, ...), interrupted
// ones included, so a maze is never dealt twice; `attempt` numbers only the
// attempts that count.
struct ranked_run_record {
  std::int64_t competitor = 0;
  std::string competitor_name;  // filled in by runs()
  std::string challenge;
  std::uint32_t deal = 0;
  std::uint32_t attempt = 0;
  ranked_status status = ranked_status::in_play;
  std::uint64_t steps = 0;
  std::uint64_t bumps = 0;
  std::uint64_t score = 0;
  std::uint64_t optimal = 0;
  double ratio = 0;
  std::uint32_t found = 0;
  std::uint32_t treasures = 0;
  std::int64_t started_at_ms = 0;
  std::int64_t ended_at_ms = 0;  // 0 while in play
  // The server's number for the run (its replay's /api/replays/{run}), unique
  // across restarts, and its moves as letters once it ended (read by
  // run_by_number only, never by runs()).
  std::uint64_t run = 0;
  std::string moves;
  // With a reference mark: the reference bot's cost on the same maze and
  // treasures, computed when the maze is dealt; never published.
  std::uint64_t reference = 0;
  // The bot the competitor's client named in its hello ("" when none).
  std::string bot{};
  // The server (ariadne-server --node) that dealt it: its runs in play are
  // its own until it is known dead ("" for a run of a server before nodes).
  std::string node{};

  friend bool operator==(const ranked_run_record&, const ranked_run_record&) = default;
};

// The order of play, results_store::runs()'s: by start time, then run number
// (two runs may start in the same millisecond), then the key.
inline bool played_before(const ranked_run_record& a, const ranked_run_record& b) {
  return std::tie(a.started_at_ms, a.run, a.competitor, a.challenge, a.deal) <
         std::tie(b.started_at_ms, b.run, b.competitor, b.challenge, b.deal);
}

}  // namespace ariadne
