#include "clients/runner/runner_options.hpp"

#include <CLI/CLI.hpp>

#include <sstream>

#include "bots/bot.hpp"
#include "clients/sdk/secure_connection.hpp"
#include "core/model/version.hpp"
#include "core/model/whole_number.hpp"

namespace ariadne {

drone_limits runner_options::limits() const {
  drone_limits l;
  l.max_cells = max_cells;
  l.max_run_time = std::chrono::seconds(max_run_seconds);
  return l;
}

std::chrono::milliseconds runner_options::timeout() const {
  const double seconds = timeout_given || ping_url.empty() ? timeout_seconds : 3.0;
  return std::chrono::milliseconds(static_cast<long long>(seconds * 1000));
}

std::string bot_names() {
  std::string names = "all";
  for (const auto& info : all_bots())
    names += ", " + std::string(info.name);
  return names;
}

std::vector<std::uint64_t> parse_seeds(const std::string& text) {
  std::vector<std::uint64_t> seeds;
  std::stringstream parts(text);
  std::string part;
  auto refuse = [&text] {
    return usage_error("--seeds must look like 1-100 or 1,5,9-12, got '" + text + "'");
  };
  while (std::getline(parts, part, ',')) {
    const auto dash = part.find('-');
    if (dash == std::string::npos) {
      const auto seed = parse_whole<std::uint64_t>(part);
      if (!seed) throw refuse();
      seeds.push_back(*seed);
      continue;
    }
    const auto first = parse_whole<std::uint64_t>(std::string_view(part).substr(0, dash));
    const auto last = parse_whole<std::uint64_t>(std::string_view(part).substr(dash + 1));
    if (!first || !last || *last < *first || *last - *first >= 10'000'000) throw refuse();
    for (std::uint64_t s = *first; s <= *last; ++s)
      seeds.push_back(s);
  }
  if (seeds.empty()) throw usage_error("--seeds names no seed");
  return seeds;
}

std::optional<int> parse_runner_options(int argc, char** argv, runner_options& o) {
  CLI::App app{
      "Play Ariadne's bundled bots (and yours, --program) on seeded mazes and compare their "
      "scores.",
      "ariadne-bot"};
  app.set_version_flag("--version", "ariadne-bot " + std::string(version));
  app.get_formatter()->column_width(32);
  app.add_option("-b,--bot", o.bot,
                 "Bots to play, by name or as a list (dfs,frontier): " + bot_names())
      ->capture_default_str();
  app.add_option("--program", o.program,
                 "Your bot, measured beside those of --bot: a program speaking the bridge's "
                 "lines on stdin and stdout (PROTOCOL.md), started by /bin/sh for each game")
      ->check([](const std::string& text) {
        return text.find_first_not_of(" \t") == std::string::npos ? "names no program" : "";
      });
  app.add_option("--program-name", o.program_name,
                 "What the table calls --program (default: its file's name)");
  app.add_option("-u,--url", o.url, "Server to play on")->capture_default_str();
  app.add_flag("--offline", o.offline, "Play in-process on the server's rules; no server needed");
  o.maze.add_to(app, "A named maze of the server (with --offline: of --maze-dir)");
  app.add_option("--seeds", o.seeds, "Seeds: 1-100, 7 or 1,5,9-12")->capture_default_str();
  app.add_option("--maze-dir", o.maze_dir, "With --offline: directory of micromouse text mazes")
      ->check(CLI::ExistingDirectory);
  app.add_option("-j,--jobs", o.jobs, "Games in parallel (one connection each)")
      ->check(CLI::Range(1U, 256U))
      ->capture_default_str();
  app.add_option("--json", o.json_file, "Also write every run and the summary as JSON to FILE");
  app.add_flag("--show", o.show, "Print the final maze and the bot's path for the first seed");
  app.add_option("--plot", o.plot_file,
                 "Draw the spread of every bot's runs over the seeds as an SVG file");
  app.add_option("--plot-of", o.plot_of, "What --plot shows: efficiency or steps")
      ->check(CLI::IsMember({"efficiency", "steps"}))
      ->capture_default_str();
  app.add_option(
      "--svg", o.svg_file,
      "Draw the first seed's game of --program (else of the first bot) as an SVG picture "
      "in FILE");
  app.add_option("--ping", o.ping_url,
                 "Only check that the server at URL (http://, https://, ws:// or wss://) "
                 "answers GET /healthz; exit 0 if it does");
  app.add_option("--verify-replay", o.verify_replay,
                 "Only replay FILE (from /api/replays) offline on the rules; exit 0 when it "
                 "gives exactly its recorded result (--maze-dir for a named maze's file)");
  app.add_option("--compare-replays", o.compare_replays,
                 "Only put the runs of these replay FILEs (an agent's, from /api/replays) beside "
                 "the bots of --bot on the same mazes, offline: steps, efficiency, and the cells "
                 "stood on 10 times or more (--maze-dir for a named maze's file)");
  add_tls_options(app, o.tls);
  add_reconnect_options(app, o.reconnect);
  app.add_flag("-q,--quiet", o.quiet, "No progress output");
  app.add_option("--token", o.token, "A competitor's token (ranked runs, with --challenge)")
      ->envname("ARIADNE_TOKEN");
  app.add_option("--challenge", o.challenge,
                 "Play ranked runs on this challenge of the server's competition, or on all");
  app.add_option("--attempts", o.attempts,
                 "With --challenge: attempts per challenge, as far as some are left (default: "
                 "all of them where every attempt counts, keep all; else 1)")
      ->check(CLI::Range(1U, 1000000U));
  app.add_option("--timeout", o.timeout_seconds,
                 "Seconds to wait for each reply before giving up (default 30; 3 for --ping)")
      ->check(CLI::Range(0.001, 3600.0))
      ->each([&o](const std::string&) { o.timeout_given = true; });
  app.add_option("--max-cells", o.max_cells,
                 "The largest maze accepted whose size the request did not fix (a challenge, "
                 "a named maze)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 26))
      ->capture_default_str();
  app.add_option("--max-run-seconds", o.max_run_seconds,
                 "Give up a run the server has not ended after this long")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{86'400}))
      ->capture_default_str();
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    throw usage_error(e.what());
  }
  return std::nullopt;
}

}  // namespace ariadne
