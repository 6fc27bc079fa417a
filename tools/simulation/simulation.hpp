#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/game/maze_catalog.hpp"
#include "core/play/run_setup.hpp"
#include "server/competition/rules/competition_rules.hpp"
#include "server/competition/rules/marks.hpp"

namespace ariadne {

// A competition played offline by the bundled bots as its competitors, once
// per secret: what ariadne-admin simulate measures.
struct simulation_options {
  std::uint32_t runs = 100;                 // independent secrets
  std::vector<std::string> bots;            // empty: every bundled bot
  std::string secret = "ariadne-simulate";  // secret r is SECRET/r
  // The bot whose score on each maze the reference marks compare with
  // (played only when they are measured).
  std::string reference = std::string(reference_bot);
  bool references = false;
  unsigned jobs = 0;  // 0: one per core
};

// Every bot's outcomes on one challenge: outcomes[run][bot] holds its
// attempts' mazes, attempt after attempt (attempts x mazes), dealt as the
// server deals them (deal (a - 1) x mazes + j of the secret; the bot's name
// as the competitor's with per_competitor seeds).
struct challenge_plays {
  const challenge* rules = nullptr;
  std::vector<std::vector<std::vector<maze_played>>> outcomes;
  // With per_competitor seeds, every bot on the same deals as well (the
  // shared seeds' deals): their strengths are compared on the same mazes, so
  // that two bots that play alike come out alike. Empty with shared seeds,
  // where outcomes are such already.
  std::vector<std::vector<std::vector<maze_played>>> common;

  const std::vector<std::vector<std::vector<maze_played>>>& same_mazes() const {
    return common.empty() ? outcomes : common;
  }
};

struct competition_plays {
  std::vector<std::string> bots;
  seed_mode seeds = seed_mode::shared;
  std::vector<challenge_plays> challenges;  // in the file's order
};

// Plays every bot through every challenge, once per secret, on `jobs`
// threads. Deterministic: the same options give the same outcomes. Throws
// std::invalid_argument for an unknown bot.
competition_plays play_competition(const competition_rules& rules, const maze_catalog& catalog,
                                   const host_limits& host, const simulation_options& options);

}  // namespace ariadne
