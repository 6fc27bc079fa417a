// ariadne-bot: plays bundled bots over many seeded mazes, on a server or
// in-process, and compares them.
#include <unistd.h>
#include <CLI/CLI.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "bots/bot.hpp"
#include "bots/local_drone.hpp"
#include "clients/runner/replay_audit.hpp"
#include "clients/sdk/health_check.hpp"
#include "clients/sdk/remote_drone.hpp"
#include "core/game/maze_catalog.hpp"
#include "core/maze/generators.hpp"
#include "core/maze/micromouse_text.hpp"
#include "core/maze/svg.hpp"
#include "core/model/limits.hpp"
#include "core/model/version.hpp"
#include "core/play/request_check.hpp"

namespace {

using namespace ariadne;
using json = nlohmann::json;

struct usage_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct options {
  std::string bot = "all";
  std::string url = "ws://127.0.0.1:8080/ws";
  bool offline = false;
  std::string generator{default_generator};
  std::string size = std::to_string(default_side) + "x" + std::to_string(default_side);
  std::string seeds = "1-10";
  double loops = limits::default_loops;
  std::uint32_t treasures = limits::default_treasures;
  std::uint32_t reuse_walls = limits::default_reuse_walls_removed;
  std::uint64_t max_steps = 0;  // 0: the rules' default
  std::string maze;
  std::string maze_dir;
  unsigned jobs = 1;
  std::string json_file;
  bool show = false;
  std::string svg_file;
  std::string ping_url;
  std::string verify_replay;
  bool quiet = false;
  double timeout_seconds = 30;  // for --ping: 3
  bool timeout_given = false;
  std::string token;      // a competitor's
  std::string challenge;  // ranked runs: a challenge id, or "all"
  std::uint32_t attempts = 1;

  std::chrono::milliseconds timeout() const {
    const double seconds = timeout_given || ping_url.empty() ? timeout_seconds : 3.0;
    return std::chrono::milliseconds(static_cast<long long>(seconds * 1000));
  }
};

// One game: a bot on a seed.
struct outcome {
  std::string bot;
  std::uint64_t seed = 0;
  bool played = false;
  run_result result;
  std::string error;
};

std::pair<std::int32_t, std::int32_t> parse_size(const std::string& text) {
  const auto x = text.find('x');
  try {
    if (x == std::string::npos) throw std::invalid_argument("no x");
    std::size_t used = 0;
    const int w = std::stoi(text.substr(0, x), &used);
    if (used != x) throw std::invalid_argument("width");
    const std::string rest = text.substr(x + 1);
    const int h = std::stoi(rest, &used);
    if (used != rest.size()) throw std::invalid_argument("height");
    // The sides' range is checked with the rest of the request.
    return {w, h};
  } catch (const std::exception&) {
    throw usage_error("--size must look like 32x32, got '" + text + "'");
  }
}

// "1-100", "7", or "1,5,9-12".
std::vector<std::uint64_t> parse_seeds(const std::string& text) {
  std::vector<std::uint64_t> seeds;
  std::stringstream parts(text);
  std::string part;
  try {
    while (std::getline(parts, part, ',')) {
      const auto dash = part.find('-');
      std::size_t used = 0;
      if (dash == std::string::npos) {
        seeds.push_back(std::stoull(part, &used));
        if (used != part.size()) throw std::invalid_argument(part);
        continue;
      }
      const std::uint64_t first = std::stoull(part.substr(0, dash), &used);
      if (used != dash) throw std::invalid_argument(part);
      const std::string tail = part.substr(dash + 1);
      const std::uint64_t last = std::stoull(tail, &used);
      if (used != tail.size() || last < first || last - first >= 10'000'000) {
        throw std::invalid_argument(part);
      }
      for (std::uint64_t s = first; s <= last; ++s)
        seeds.push_back(s);
    }
  } catch (const std::exception&) {
    throw usage_error("--seeds must look like 1-100 or 1,5,9-12, got '" + text + "'");
  }
  if (seeds.empty()) throw usage_error("--seeds names no seed");
  return seeds;
}

protocol::start_message request_for(const options& o, std::uint64_t seed) {
  protocol::start_message start;
  start.maze.seed = seed;
  if (!o.maze.empty()) {
    start.maze.name = o.maze;
  } else {
    const auto [w, h] = parse_size(o.size);
    start.maze.generator = o.generator;
    start.maze.width = w;
    start.maze.height = h;
    if (o.loops != limits::default_loops) start.maze.loops = o.loops;
  }
  if (o.treasures != limits::default_treasures) start.treasures = o.treasures;
  if (o.reuse_walls != limits::default_reuse_walls_removed) {
    start.reuse_walls_removed = o.reuse_walls;
  }
  if (o.max_steps != 0) start.max_steps = o.max_steps;
  return start;
}

// The options as the rules see them: refused with the rules' own sentence,
// whether the maze is generated or named (a named maze ignores the generator
// options, but a value out of range is still a mistake).
void check_options(const options& o, std::uint64_t seed) {
  options generated = o;
  generated.maze.clear();
  for (const auto& request : {request_for(generated, seed), request_for(o, seed)}) {
    if (auto problem = check_request(request)) throw usage_error(problem->message);
  }
}

// Lets the bot play the started run to its end (abandoning if it stops early).
const run_result& finish_game(drone& d, bot& player) {
  player.play(d);
  if (!d.finished()) d.abandon();
  return *d.state().result;
}

const run_result& play_game(drone& d, bot& player, const options& o, std::uint64_t seed) {
  d.start(request_for(o, seed));
  return finish_game(d, player);
}

// Plays one game on a drone whose previous run has ended.
outcome play_one(drone& d, bot& player, const options& o, std::uint64_t seed) {
  outcome out{std::string(player.name()), seed, false, {}, {}};
  try {
    d.start(request_for(o, seed));
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
  } catch (const drone_error& e) {
    if (!e.code()) throw;  // the connection is gone
    out.error = e.what();
  }
  return out;
}

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

struct summary {
  std::string bot;
  std::size_t runs = 0;
  std::size_t found = 0;
  std::size_t errors = 0;
  double median_steps = 0;
  double mean_steps = 0;
  double median_bumps = 0;
  double median_efficiency = 0;
  std::uint64_t worst_steps = 0;
};

summary summarize(const std::string& bot, const std::vector<outcome>& all) {
  summary s;
  s.bot = bot;
  std::vector<double> steps;
  std::vector<double> bumps;
  std::vector<double> efficiency;
  for (const outcome& o : all) {
    if (o.bot != bot) continue;
    ++s.runs;
    if (!o.played) {
      ++s.errors;
      continue;
    }
    if (o.result.status == run_status::found) ++s.found;
    steps.push_back(static_cast<double>(o.result.steps));
    bumps.push_back(static_cast<double>(o.result.bumps));
    efficiency.push_back(o.result.efficiency);
    s.worst_steps = std::max(s.worst_steps, o.result.steps);
  }
  s.median_steps = median(steps);
  s.median_bumps = median(bumps);
  s.median_efficiency = median(efficiency);
  double total = 0;
  for (const double v : steps)
    total += v;
  s.mean_steps = steps.empty() ? 0 : total / static_cast<double>(steps.size());
  return s;
}

std::string format_table(const std::vector<summary>& rows) {
  std::ostringstream out;
  char line[256];
  std::snprintf(line, sizeof line, "%-14s %6s %6s %12s %12s %12s %10s %11s\n", "bot", "runs",
                "found", "median steps", "mean steps", "median bumps", "median eff", "worst steps");
  out << line;
  for (const summary& s : rows) {
    std::snprintf(line, sizeof line, "%-14s %6zu %6zu %12.1f %12.1f %12.1f %10.3f %11llu\n",
                  s.bot.c_str(), s.runs, s.found, s.median_steps, s.mean_steps, s.median_bumps,
                  s.median_efficiency, static_cast<unsigned long long>(s.worst_steps));
    out << line;
  }
  return out.str();
}

// The final maze with the bot's path: S the start, T the last treasure, '.'
// every other cell the bot stood on.
std::string render(const run& r, const std::vector<cell>& trail) {
  const cell start = trail.empty() ? r.position() : trail.front();
  std::string text = write_micromouse_text(maze_layout{r.maze(), start, {r.treasure()}});
  const auto line_length = static_cast<std::size_t>(4 * r.maze().width() + 2);
  for (const cell c : trail) {
    const auto line = static_cast<std::size_t>(2 * (r.maze().height() - 1 - c.y) + 1);
    char& centre = text[line * line_length + static_cast<std::size_t>(4 * c.x + 2)];
    if (centre == ' ') centre = '.';
  }
  return text;
}

class progress {
 public:
  progress(std::size_t total, bool enabled)
      : total_(total), enabled_(enabled), tty_(isatty(2) != 0) {}

  void tick(const std::string& bot) {
    const std::size_t done = ++done_;
    if (!enabled_) return;
    std::lock_guard lock(mutex_);
    if (tty_) {
      const std::size_t width = 40;
      const std::size_t filled = done * width / total_;
      std::fprintf(stderr, "\r[%s%s] %zu/%zu", std::string(filled, '=').c_str(),
                   std::string(width - filled, ' ').c_str(), done, total_);
      if (done == total_) std::fprintf(stderr, "\n");
    } else if (done * 10 / total_ != (done - 1) * 10 / total_ || done == total_) {
      std::fprintf(stderr, "%zu/%zu games played (last: %s)\n", done, total_, bot.c_str());
    }
  }

 private:
  std::size_t total_;
  bool enabled_;
  bool tty_;
  std::atomic<std::size_t> done_{0};
  std::mutex mutex_;
};

// Ranked runs with one bot on a competition's challenges: each challenge (or
// the one named) `attempts` times, as far as attempts are left. Prints a line
// per run; --json writes them.
int run_ranked(const options& o, bot& player) {
  remote_drone d(o.url, "ariadne-bot", o.timeout(), o.token);
  const auto& welcome = d.welcome();
  if (!welcome.competition) throw usage_error(o.url + " runs no competition");
  std::cout << "competitor " << welcome.competitor.value_or("?") << " in "
            << welcome.competition->name << " with " << player.name() << "\n";
  json runs = json::array();
  bool matched = false;
  int status = 0;
  for (const auto& c : welcome.competition->challenges) {
    if (o.challenge != "all" && o.challenge != c.id) continue;
    matched = true;
    const std::uint32_t tries = std::min(o.attempts, c.attempts_left);
    if (tries == 0) {
      std::cout << c.id << ": no attempts left\n";
      status = 1;
    }
    for (std::uint32_t k = 0; k < tries; ++k) {
      try {
        d.start_challenge(c.id);
      } catch (const drone_error& e) {
        std::cout << c.id << ": " << e.what() << "\n";
        status = 1;
        break;
      }
      const run_result& r = finish_game(d, player);
      const double ratio =
          r.status == run_status::found
              ? static_cast<double>(r.optimal) / static_cast<double>(std::max(r.score, r.optimal))
              : 0.0;
      std::printf(
          "%s: %s steps %llu bumps %llu score %llu optimal %llu ratio %.4f\n", c.id.c_str(),
          std::string(to_string(r.status)).c_str(), static_cast<unsigned long long>(r.steps),
          static_cast<unsigned long long>(r.bumps), static_cast<unsigned long long>(r.score),
          static_cast<unsigned long long>(r.optimal), ratio);
      runs.push_back({{"challenge", c.id},
                      {"status", std::string(to_string(r.status))},
                      {"steps", r.steps},
                      {"bumps", r.bumps},
                      {"score", r.score},
                      {"optimal", r.optimal},
                      {"found", r.found},
                      {"treasures", r.treasures},
                      {"ratio", ratio}});
    }
  }
  if (!matched) throw usage_error("the competition has no challenge \"" + o.challenge + "\"");
  if (!o.json_file.empty()) {
    std::ofstream out(o.json_file);
    out << json{{"competitor", welcome.competitor.value_or("")}, {"runs", runs}}.dump(2) << "\n";
    if (!out) throw std::runtime_error("cannot write " + o.json_file);
  }
  return status;
}

int run_bots(int argc, char** argv) {
  options o;
  CLI::App app{"Play Ariadne's bundled bots on seeded mazes and compare their scores.",
               "ariadne-bot"};
  app.set_version_flag("--version", "ariadne-bot " + std::string(version));
  app.get_formatter()->column_width(32);
  std::string bot_names = "all";
  for (const auto& info : all_bots())
    bot_names += ", " + std::string(info.name);
  app.add_option("-b,--bot", o.bot, "Bot to play: " + bot_names)->capture_default_str();
  app.add_option("-u,--url", o.url, "Server to play on")->capture_default_str();
  app.add_flag("--offline", o.offline, "Play in-process on the server's rules; no server needed");
  app.add_option("-g,--generator", o.generator, "Maze generator")->capture_default_str();
  app.add_option("--size", o.size, "Maze size WxH")->capture_default_str();
  app.add_option("--seeds", o.seeds, "Seeds: 1-100, 7 or 1,5,9-12")->capture_default_str();
  // Ranges are the rules' own (core/model/limits.hpp), checked with the request below.
  app.add_option("--loops", o.loops, "Fraction of dead ends removed, 0 to 1")
      ->capture_default_str();
  app.add_option("--treasures", o.treasures, "Treasures per run")->capture_default_str();
  app.add_option("--reuse-walls", o.reuse_walls, "Walls knocked down after each find");
  app.add_option("--max-steps", o.max_steps, "Move limit per run (default 10 x cells)");
  app.add_option("--maze", o.maze, "A named maze of the server (with --offline: of --maze-dir)");
  app.add_option("--maze-dir", o.maze_dir, "With --offline: directory of micromouse text mazes")
      ->check(CLI::ExistingDirectory);
  app.add_option("-j,--jobs", o.jobs, "Games in parallel (one connection each)")
      ->check(CLI::Range(1U, 256U))
      ->capture_default_str();
  app.add_option("--json", o.json_file, "Also write every run and the summary as JSON to FILE");
  app.add_flag("--show", o.show, "Print the final maze and the bot's path for the first seed");
  app.add_option("--svg", o.svg_file,
                 "Draw the first bot's game on the first seed as an SVG picture in FILE");
  app.add_option("--ping", o.ping_url,
                 "Only check that the server at URL answers GET /healthz; exit 0 if it does");
  app.add_option("--verify-replay", o.verify_replay,
                 "Only replay FILE (from /api/replays) offline on the rules; exit 0 when it "
                 "gives exactly its recorded result (--maze-dir for a named maze's file)");
  app.add_flag("-q,--quiet", o.quiet, "No progress output");
  app.add_option("--token", o.token, "A competitor's token (ranked runs, with --challenge)")
      ->envname("ARIADNE_TOKEN");
  app.add_option("--challenge", o.challenge,
                 "Play ranked runs on this challenge of the server's competition, or on all");
  app.add_option("--attempts", o.attempts,
                 "With --challenge: attempts per challenge, as far as some are left")
      ->check(CLI::Range(1U, 1000U))
      ->capture_default_str();
  app.add_option("--timeout", o.timeout_seconds,
                 "Seconds to wait for each reply before giving up (default 30; 3 for --ping)")
      ->check(CLI::Range(0.001, 3600.0))
      ->each([&o](const std::string&) { o.timeout_given = true; });
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    throw usage_error(e.what());
  }

  if (!o.ping_url.empty()) {
    if (const auto problem = check_health(o.ping_url, o.timeout())) {
      std::cerr << "ariadne-bot: " << o.ping_url << " is not healthy: " << *problem << "\n";
      return 1;
    }
    return 0;
  }

  if (!o.verify_replay.empty())
    return verify_replay(o.verify_replay, o.maze_dir, std::cout, std::cerr);

  if (!o.challenge.empty()) {
    if (o.token.empty()) throw usage_error("--challenge needs a competitor's --token");
    if (o.offline) throw usage_error("--challenge plays on a server, not --offline");
    auto player = make_bot(o.bot);
    if (!player)
      throw usage_error("--challenge plays one bot: name it with --bot (" + bot_names + ")");
    return run_ranked(o, *player);
  }
  std::vector<std::string> bots;
  if (o.bot == "all") {
    for (const auto& info : all_bots())
      bots.emplace_back(info.name);
  } else {
    if (!make_bot(o.bot)) throw usage_error("unknown bot '" + o.bot + "'; choose " + bot_names);
    bots.push_back(o.bot);
  }
  const auto seeds = parse_seeds(o.seeds);
  maze_catalog catalog;
  if (!o.maze_dir.empty()) catalog = maze_catalog::load(o.maze_dir);
  // The options are a start request: the rules check it as the server would.
  check_options(o, seeds.front());
  const host_limits limits{};

  auto make_drone = [&]() -> std::unique_ptr<drone> {
    if (o.offline) return std::make_unique<local_drone>(limits, &catalog);
    return std::make_unique<remote_drone>(o.url, "ariadne-bot", o.timeout());
  };

  // Games in bot-major order; each worker pulls the next one.
  const std::size_t total = bots.size() * seeds.size();
  std::vector<outcome> outcomes(total);
  std::atomic<std::size_t> next{0};
  progress bar(total, !o.quiet);
  std::mutex failure_mutex;
  std::string failure;
  auto worker = [&] {
    try {
      auto d = make_drone();
      std::vector<std::unique_ptr<bot>> players;
      for (const auto& name : bots)
        players.push_back(make_bot(name));
      for (std::size_t k = next++; k < total; k = next++) {
        const std::size_t b = k / seeds.size();
        outcomes[k] = play_one(*d, *players[b], o, seeds[k % seeds.size()]);
        bar.tick(bots[b]);
      }
    } catch (const std::exception& e) {
      std::lock_guard lock(failure_mutex);
      if (failure.empty()) failure = e.what();
      next = total;  // stop the others
    }
  };
  std::vector<std::thread> workers;
  const unsigned jobs = std::min<unsigned>(o.jobs, static_cast<unsigned>(total));
  for (unsigned j = 1; j < jobs; ++j)
    workers.emplace_back(worker);
  worker();
  for (auto& w : workers)
    w.join();
  if (!failure.empty()) {
    std::cerr << "ariadne-bot: " << failure << "\n";
    return 2;
  }

  std::vector<summary> rows;
  for (const auto& name : bots)
    rows.push_back(summarize(name, outcomes));
  const std::string where = o.maze.empty() ? o.generator + " " + o.size : "maze " + o.maze;
  std::cout << where << (o.loops > 0 ? " loops " + std::to_string(o.loops).substr(0, 4) : "")
            << ", seeds " << o.seeds << (o.offline ? ", offline" : ", " + o.url) << "\n"
            << format_table(rows);
  for (const outcome& out : outcomes) {
    if (!out.error.empty())
      std::cerr << out.bot << " seed " << out.seed << ": " << out.error << "\n";
  }

  if (!o.svg_file.empty()) {
    local_drone d(limits, &catalog);
    d.record_trail(true);
    play_game(d, *make_bot(bots.front()), o, seeds.front());
    const run& r = *d.current_run();
    svg_options picture;
    picture.path = d.trail();
    picture.visited = d.trail();
    std::ofstream file(o.svg_file);
    file << write_svg(maze_layout{r.maze(), d.trail().front(), {r.treasure()}}, picture);
    if (!file) throw usage_error("cannot write " + o.svg_file);
  }

  if (o.show) {
    for (const auto& name : bots) {
      local_drone d(limits, &catalog);
      d.record_trail(true);
      const auto& r = play_game(d, *make_bot(name), o, seeds.front());
      std::cout << "\n"
                << name << ", seed " << seeds.front() << ": " << to_string(r.status) << " in "
                << r.steps << " steps (optimal " << r.optimal << ")\n"
                << render(*d.current_run(), d.trail());
    }
  }

  if (!o.json_file.empty()) {
    const auto [w, h] =
        o.maze.empty() ? parse_size(o.size) : std::pair<std::int32_t, std::int32_t>{0, 0};
    json doc = {{"runs", json::array()}, {"summary", json::array()}};
    for (const outcome& out : outcomes) {
      json run_json = {{"bot", out.bot}, {"seed", out.seed}};
      if (o.maze.empty()) {
        run_json["generator"] = o.generator;
        run_json["width"] = w;
        run_json["height"] = h;
        run_json["loops"] = o.loops;
      } else {
        run_json["maze"] = o.maze;
      }
      if (out.played) {
        run_json["status"] = to_string(out.result.status);
        run_json["steps"] = out.result.steps;
        run_json["bumps"] = out.result.bumps;
        run_json["score"] = out.result.score;
        run_json["optimal"] = out.result.optimal;
        run_json["efficiency"] = out.result.efficiency;
      } else {
        run_json["status"] = "error";
        run_json["error"] = out.error;
      }
      doc["runs"].push_back(run_json);
    }
    for (const summary& s : rows) {
      doc["summary"].push_back({{"bot", s.bot},
                                {"runs", s.runs},
                                {"found", s.found},
                                {"errors", s.errors},
                                {"median_steps", s.median_steps},
                                {"mean_steps", s.mean_steps},
                                {"median_bumps", s.median_bumps},
                                {"median_efficiency", s.median_efficiency},
                                {"worst_steps", s.worst_steps}});
    }
    std::ofstream file(o.json_file);
    file << doc.dump(1) << "\n";
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
