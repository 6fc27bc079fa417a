// ariadne-bot: plays the bundled bots (and a competitor's program beside
// them, --program) on seeded mazes, offline or on a server, and prints their
// scores; or plays ranked runs (--challenge), checks a server's health
// (--ping), audits a replay (--verify-replay), puts an agent's replays beside
// the bots (--compare-replays).
#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "bots/bot.hpp"
#include "bots/drone_error.hpp"
#include "bots/local_drone.hpp"
#include "clients/bridge/program_bot.hpp"
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
#include "core/model/limits.hpp"

namespace {

using namespace ariadne;

// The bots --bot names: one, a list, or all.
std::vector<std::string> chosen_bots(const std::string& bot) {
  std::vector<std::string> bots;
  if (bot == "all") {
    for (const auto& info : all_bots())
      bots.emplace_back(info.name);
    return bots;
  }
  std::stringstream names(bot);
  std::string name;
  while (std::getline(names, name, ',')) {
    if (!make_bot(name)) throw usage_error("unknown bot '" + name + "'; choose " + bot_names());
    if (std::find(bots.begin(), bots.end(), name) == bots.end()) bots.push_back(name);
  }
  if (bots.empty()) throw usage_error("--bot names no bot; choose " + bot_names());
  return bots;
}

// --program: the competitor's bot, its name in the tables and its command.
struct program_choice {
  std::string name;
  std::vector<std::string> command;
};

std::optional<program_choice> chosen_program(const runner_options& o) {
  if (o.program.empty()) {
    if (!o.program_name.empty()) throw usage_error("--program-name names a --program: give one");
    return std::nullopt;
  }
  std::vector<std::string> words;
  std::stringstream line(o.program);
  for (std::string word; line >> word;)
    words.push_back(word);
  program_choice p{o.program_name.empty() ? bridge::program_name(words) : o.program_name,
                   {"/bin/sh", "-c", o.program}};
  if (make_bot(p.name)) {
    throw usage_error("--program is called '" + p.name +
                      "', a bundled bot's name: give it another with --program-name");
  }
  if (p.name.empty() || p.name.find_first_of(", ") != std::string::npos) {
    throw usage_error("--program-name: '" + p.name + "' is no name (no spaces or commas)");
  }
  if (auto problem = check(limits::bot_name, bot_label(p.name))) {
    throw usage_error("--program-name: " + problem->message);
  }
  return p;
}

// The errors of the games, one line per bot and sentence: a program that
// fails every game says so once.
void print_errors(const std::vector<game_result>& outcomes, std::ostream& out) {
  std::map<std::pair<std::string, std::string>, std::vector<std::uint64_t>> seeds;
  std::vector<std::pair<std::string, std::string>> order;
  for (const game_result& g : outcomes) {
    if (g.error.empty()) continue;
    auto& list = seeds[{g.bot, g.error}];
    if (list.empty()) order.emplace_back(g.bot, g.error);
    list.push_back(g.seed);
  }
  for (const auto& key : order) {
    const auto& list = seeds[key];
    out << key.first << (list.size() == 1 ? " seed " : " seeds ");
    for (std::size_t k = 0; k < list.size() && k < 10; ++k)
      out << (k > 0 ? "," : "") << list[k];
    if (list.size() > 10) out << ",... (" << list.size() << " games)";
    out << ": " << key.second << "\n";
  }
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
    std::unique_ptr<bot> player;
    if (const auto program = chosen_program(o)) {
      player = std::make_unique<bridge::program_bot>(program->name, program->command);
    } else {
      player = make_bot(o.bot);
    }
    if (!player) {
      throw usage_error("--challenge plays one bot: name it with --bot (" + bot_names() +
                        ") or give a --program");
    }
    return play_ranked(o, *player);
  }

  std::vector<std::string> bots = chosen_bots(o.bot);
  const auto program = chosen_program(o);
  if (program) bots.push_back(program->name);
  const player_factory make_player = [&program](const std::string& name) -> std::unique_ptr<bot> {
    if (program && name == program->name) {
      return std::make_unique<bridge::program_bot>(program->name, program->command);
    }
    return make_bot(name);
  };
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
        bots, seeds, o.maze, o.jobs, make_player,
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
  // Offline, each worker's local drone numbers its own runs: no server's.
  if (o.offline) {
    for (game_result& g : outcomes)
      g.run = 0;
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
  if (!o.offline) {
    // The run numbers, for /watch/RUN and /api/replays/RUN.
    std::cout << "watch and replay the runs at " << pages_url(o.url) << "\n";
    for (const auto& name : bots)
      std::cout << "  " << name << ": " << run_numbers(name, outcomes) << "\n";
  }
  print_errors(outcomes, std::cerr);
  if (!o.svg_file.empty()) {
    write_game_svg(o.svg_file, *make_player(program ? program->name : bots.front()), m,
                   seeds.front(), catalog);
  }
  if (!o.plot_file.empty()) {
    std::ofstream file(o.plot_file, std::ios::binary);
    file << spread_svg(bots, outcomes,
                       o.plot_of == "steps" ? plot_metric::steps : plot_metric::efficiency,
                       title + (o.offline ? ", offline" : ""));
    if (!file) throw usage_error("cannot write " + o.plot_file);
  }
  if (o.show) std::cout << show_games(bots, make_player, m, seeds.front(), catalog);
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
