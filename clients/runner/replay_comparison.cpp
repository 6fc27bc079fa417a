#include "clients/runner/replay_comparison.hpp"

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

#include "bots/bot.hpp"
#include "bots/drone_error.hpp"
#include "bots/local_drone.hpp"
#include "core/game/maze_catalog.hpp"
#include "core/play/replayer.hpp"
#include "protocol/replay_json.hpp"

namespace ariadne {

namespace {

// One line of the table: a run and its looping figures.
struct compared_run {
  std::string who;
  run_result result;
  std::uint64_t cells = 0;  // stood on
  std::uint64_t ten_or_more = 0;
  std::uint64_t most = 0;
};

// The looping figures of the cells a drone stood on, one entry a visit.
void count_visits(const std::vector<cell>& trail, compared_run& r) {
  std::map<cell, std::uint64_t> visits;
  for (const cell c : trail)
    ++visits[c];
  r.cells = visits.size();
  for (const auto& [c, n] : visits) {
    r.most = std::max(r.most, n);
    if (n >= 10) ++r.ten_or_more;
  }
}

// The replay's own run, played again on the rules for its trail.
std::optional<compared_run> replayed(const protocol::replay_document& replay, std::string& error) {
  auto played = replayer::create(replay.setup, nullptr, error);
  if (!played) return std::nullopt;
  std::vector<cell> trail{played->state().position()};
  for (const char letter : replay.moves) {
    const auto d = direction_from_letter(letter);
    if (!d || !played->apply(*d)) {
      error = "its moves do not play on the rules (ariadne-bot --verify-replay says more)";
      return std::nullopt;
    }
    if (played->state().position() != trail.back()) trail.push_back(played->state().position());
  }
  compared_run r;
  r.who = replay.bot.empty() ? replay.player : replay.player + " (" + replay.bot + ")";
  r.result = replay.result;
  count_visits(trail, r);
  return r;
}

// The start that deals the replay's maze, seed and options again.
protocol::start_message same_start(const protocol::replay_document& replay) {
  const replay_setup& setup = replay.setup;
  protocol::start_message start;
  if (setup.source.generated()) {
    start.maze.generator = setup.source.spec.generator;
    start.maze.width = setup.source.spec.width;
    start.maze.height = setup.source.spec.height;
    start.maze.loops = setup.source.spec.loops;
  } else {
    start.maze.name = setup.source.name;
  }
  start.maze.seed = setup.seed;
  start.treasures = setup.options.treasures;
  start.reuse_walls_removed = setup.options.reuse_walls_removed;
  start.max_steps = replay.max_steps;
  return start;
}

compared_run bot_row(const std::string& name, const protocol::replay_document& replay,
                     const maze_catalog& catalog) {
  host_limits host;
  host.bump_penalty = replay.setup.options.bump_penalty;
  local_drone d(host, &catalog);
  d.record_trail(true);
  d.start(same_start(replay));
  compared_run r;
  r.who = name;
  r.result = finish_game(d, *make_bot(name));
  count_visits(d.trail(), r);
  return r;
}

std::string heading() {
  char line[256];
  std::snprintf(line, sizeof line, "%-44s %-9s %6s %6s %6s %10s %6s %4s %5s\n", "who", "status",
                "steps", "bumps", "score", "efficiency", "cells", "10+", "most");
  return line;
}

std::string line_of(const compared_run& r) {
  char line[256];
  std::snprintf(line, sizeof line, "%-44s %-9s %6llu %6llu %6llu %10.3f %6llu %4llu %5llu\n",
                r.who.substr(0, 44).c_str(), std::string(to_string(r.result.status)).c_str(),
                static_cast<unsigned long long>(r.result.steps),
                static_cast<unsigned long long>(r.result.bumps),
                static_cast<unsigned long long>(r.result.score), r.result.efficiency,
                static_cast<unsigned long long>(r.cells),
                static_cast<unsigned long long>(r.ten_or_more),
                static_cast<unsigned long long>(r.most));
  return line;
}

}  // namespace

int compare_replays(const std::vector<std::string>& paths, const std::vector<std::string>& bots,
                    const std::string& maze_dir, std::ostream& out, std::ostream& err) {
  maze_catalog catalog;
  if (!maze_dir.empty()) catalog = maze_catalog::load(maze_dir);
  int status = 0;
  for (const std::string& path : paths) {
    std::ifstream file(path, std::ios::binary);
    std::stringstream text;
    text << file.rdbuf();
    std::string error;
    const auto replay = file ? protocol::read_replay(text.str(), error) : std::nullopt;
    if (!replay) {
      err << "ariadne-bot: " << path << " is not a replay" << (error.empty() ? "" : ": " + error)
          << "\n";
      return 2;
    }
    const auto agent = replayed(*replay, error);
    if (!agent) {
      err << "ariadne-bot: " << path << ": " << error << "\n";
      status = 1;
      continue;
    }
    const maze_source& source = replay->setup.source;
    out << "run " << replay->run << ": "
        << (source.generated() ? source.spec.generator + " " + std::to_string(source.spec.width) +
                                     "x" + std::to_string(source.spec.height)
                               : "maze " + source.name)
        << " seed " << replay->setup.seed << ", optimal " << replay->result.optimal << "\n";
    out << heading() << line_of(*agent);
    for (const std::string& name : bots) {
      try {
        out << line_of(bot_row(name, *replay, catalog));
      } catch (const drone_error& e) {
        err << "ariadne-bot: " << name << " on " << path << ": " << e.what() << "\n";
        status = 1;
      }
    }
  }
  return status;
}

}  // namespace ariadne
