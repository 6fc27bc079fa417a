// ariadne-bot: plays the bundled bots on seeded mazes, offline or on a
// server, and prints their scores; or plays ranked runs (--challenge),
// checks a server's health (--ping), audits a replay (--verify-replay), puts
// an agent's replays beside the bots (--compare-replays).
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "bots/bot.hpp"
#include "bots/drone_error.hpp"
#include "bots/local_drone.hpp"
#include "clients/runner/games.hpp"
#include "clients/runner/pictures.hpp"
#include "clients/runner/ranked_play.hpp"
#include "clients/runner/replay_audit.hpp"
#include "clients/runner/replay_comparison.hpp"
#include "clients/runner/runner_options.hpp"
#include "clients/runner/spread_plot.hpp"
#include "clients/runner/summary.hpp"
#include "clients/sdk/health_check.hpp"
#include "clients/sdk/remote_drone.hpp"
#include "clients/sdk/secure_connection.hpp"
#include "clients/sdk/server_url.hpp"
#include "core/game/maze_catalog.hpp"

namespace {

using namespace ariadne;

// The bots --bot names.
std::vector<std::string> chosen_bots(const std::string& bot) {
  std::vector<std::string> bots;
  if (bot == "all") {
    for (const auto& info : all_bots())
      bots.emplace_back(info.name);
    return bots;
  }
  if (!make_bot(bot)) throw usage_error("unknown bot '" + bot + "'; choose " + bot_names());
  bots.push_back(bot);
  return bots;
}

int run_bots(int argc, char** argv) {
  runner_options o;
  if (const auto exit_code = parse_runner_options(argc, argv, o)) return *exit_code;

  if (!o.ping_url.empty()) {
    std::shared_ptr<boost::asio::ssl::context> tls;
    try {
      tls = client_context_for(parse_server_url(o.ping_url, "http://|ws://"), o.tls);
    } catch (const drone_error& e) {
      std::cerr << "ariadne-bot: " << e.what() << "\n";
      return 1;
    }
    if (const auto problem = check_health(o.ping_url, o.timeout(), tls)) {
      std::cerr << "ariadne-bot: " << o.ping_url << " is not healthy: " << *problem << "\n";
      return 1;
    }
    return 0;
  }
  if (!o.verify_replay.empty()) {
    return verify_replay(o.verify_replay, o.maze_dir, std::cout, std::cerr);
  }
  if (!o.compare_replays.empty()) {
    return compare_replays(o.compare_replays, chosen_bots(o.bot), o.maze_dir, std::cout, std::cerr);
  }
  if (!o.challenge.empty()) {
    if (o.token.empty()) throw usage_error("--challenge needs a competitor's --token");
    if (o.offline) throw usage_error("--challenge plays on a server, not --offline");
    if (!o.plot_file.empty()) throw usage_error("--plot draws practice runs, not --challenge");
    auto player = make_bot(o.bot);
    if (!player) {
      throw usage_error("--challenge plays one bot: name it with --bot (" + bot_names() + ")");
    }
    return play_ranked(o, *player);
  }

  const std::vector<std::string> bots = chosen_bots(o.bot);
  const auto seeds = parse_seeds(o.seeds);
  maze_catalog catalog;
  if (!o.maze_dir.empty()) catalog = maze_catalog::load(o.maze_dir);
  // The options are a start request: the rules check it as the server would.
  if (auto problem = o.maze.problem(seeds.front())) throw usage_error(*problem);

  // One TLS context for every game's connection (wss://).
  const auto tls =
      o.offline ? nullptr : client_context_for(parse_server_url(o.url, "ws://"), o.tls);
  progress bar(bots.size() * seeds.size(), !o.quiet);
  std::vector<game_result> outcomes;
  try {
    outcomes = play_all(
        bots, seeds, o.maze, o.jobs,
        [&](const std::string& bot) -> std::unique_ptr<drone> {
          std::unique_ptr<drone> d;
          if (o.offline) {
            d = std::make_unique<local_drone>(host_limits{}, &catalog);
          } else {
            d = std::make_unique<remote_drone>(o.url, "ariadne-bot", o.timeout(), std::string(),
                                               bot_label(bot), tls, o.reconnect);
          }
          d->set_limits(o.limits());
          return d;
        },
        [&bar](const std::string& bot) { bar.tick(bot); });
  } catch (const std::exception& e) {
    std::cerr << "ariadne-bot: " << e.what() << "\n";
    return 2;
  }

  std::vector<summary> rows;
  for (const auto& name : bots)
    rows.push_back(summarize(name, outcomes));
  const maze_options& m = o.maze;
  const std::string where = m.maze.empty() ? m.generator + " " + m.size : "maze " + m.maze;
  const std::string title = where +
                            (m.loops > 0 ? " loops " + std::to_string(m.loops).substr(0, 4) : "") +
                            ", seeds " + o.seeds;
  std::cout << title << (o.offline ? ", offline" : ", " + o.url) << "\n" << format_table(rows);
  if (!o.offline) std::cout << "watch and replay the runs at " << pages_url(o.url) << "\n";
  for (const game_result& out : outcomes) {
    if (!out.error.empty()) {
      std::cerr << out.bot << " seed " << out.seed << ": " << out.error << "\n";
    }
  }
  if (!o.svg_file.empty()) write_game_svg(o.svg_file, bots.front(), m, seeds.front(), catalog);
  if (!o.plot_file.empty()) {
    std::ofstream file(o.plot_file, std::ios::binary);
    file << spread_svg(bots, outcomes,
                       o.plot_of == "steps" ? plot_metric::steps : plot_metric::efficiency,
                       title + (o.offline ? ", offline" : ""));
    if (!file) throw usage_error("cannot write " + o.plot_file);
  }
  if (o.show) std::cout << show_games(bots, m, seeds.front(), catalog);
  if (!o.json_file.empty()) {
    std::ofstream file(o.json_file);
    file << games_json(outcomes, rows, m).dump(1) << "\n";
    if (!file) throw usage_error("cannot write " + o.json_file);
  }
  // Every bot that should always find the treasure must have found it.
  for (const summary& s : rows) {
    for (const auto& info : all_bots()) {
      if (info.name == s.bot && info.always_finds && s.found != s.runs) return 1;
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run_bots(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "ariadne-bot: " << e.what() << "\n";
    return 2;
  }
}
