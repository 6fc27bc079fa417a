#include "clients/runner/games.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "bots/drone_error.hpp"
#include "clients/bridge/program_bot.hpp"
#include "core/model/version.hpp"

namespace ariadne {

namespace {

// Plays one game on a drone whose previous run has ended.
game_result play_one(drone& d, bot& player, const maze_options& maze, std::uint64_t seed) {
  game_result out{std::string(player.name()), seed, 0, false, {}, {}};
  try {
    out.run = d.start(maze.request(seed)).run;
  } catch (const drone_error& e) {
    // A lost connection or a start the server refuses would fail every game;
    // a busy or rate-limited server fails this one.
    const auto code = e.code();
    if (!code || (code != errc::server_busy && code != errc::rate_limited)) throw;
    out.error = e.what();
    return out;
  }
  try {
    out.result = finish_game(d, player);
    out.played = true;
    // A program that left before its run ended: its run is abandoned, and why is said.
    if (const auto* program = dynamic_cast<const bridge::program_bot*>(&player)) {
      const auto& how = program->last_run();
      if (!how.ended_by_bot) {
        out.error = "the program " + how.why_left + " (" + how.exit + ") before its run ended";
      }
    }
  } catch (const drone_error& e) {
    if (!e.code()) throw;  // the connection is gone
    out.error = e.what();
  }
  return out;
}

}  // namespace

std::string bot_label(std::string_view bot) {
  return "ariadne-bot/" + std::string(bot) + " " + std::string(version);
}

const run_result& play_game(drone& d, bot& player, const maze_options& maze, std::uint64_t seed) {
  d.start(maze.request(seed));
  return finish_game(d, player);
}

std::vector<game_result> play_all(
    const std::vector<std::string>& bots, const std::vector<std::uint64_t>& seeds,
    const maze_options& maze, unsigned jobs, const player_factory& make_player,
    const std::function<std::unique_ptr<drone>(const std::string&)>& make_drone,
    const std::function<void(const std::string& bot)>& tick) {
  // Each worker pulls the next game.
  const std::size_t total = bots.size() * seeds.size();
  std::vector<game_result> outcomes(total);
  std::atomic<std::size_t> next{0};
  std::mutex failure_mutex;
  std::string failure;
  auto worker = [&] {
    try {
      std::vector<std::unique_ptr<bot>> players;
      for (const auto& name : bots)
        players.push_back(make_player(name));
      // Games come bot by bot: a worker's drone (its connection, which
      // names its bot) changes only when its bot does.
      std::unique_ptr<drone> d;
      std::size_t playing = bots.size();
      for (std::size_t k = next++; k < total; k = next++) {
        const std::size_t b = k / seeds.size();
        if (b != playing) {
          d.reset();
          d = make_drone(bots[b]);
          playing = b;
        }
        outcomes[k] = play_one(*d, *players[b], maze, seeds[k % seeds.size()]);
        tick(bots[b]);
      }
    } catch (const std::exception& e) {
      std::lock_guard lock(failure_mutex);
      if (failure.empty()) failure = e.what();
      next = total;  // stop the others
    }
  };
  std::vector<std::jthread> workers;
  const unsigned count = std::min<unsigned>(jobs, static_cast<unsigned>(total));
  for (unsigned j = 1; j < count; ++j)
    workers.emplace_back(worker);
  worker();
  workers.clear();  // joins them
  if (!failure.empty()) throw std::runtime_error(failure);
  return outcomes;
}

}  // namespace ariadne
