// ariadne-admin: a competition's organizer at the database: competitors and
// their tokens, its times and announcement, the leaderboard, every ranked
// run. Safe while the server runs (SQLite in WAL mode: readers never block
// the server, writes wait their turn), which reads the changes within a second.
// And, with no database, simulate: how reliably a competition file ranks.
#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "core/model/limits.hpp"
#include "core/model/version.hpp"
#include "server/competition/rules/competition_rules.hpp"
#include "server/competition/rules/competition_schedule.hpp"
#include "server/competition/rules/leaderboard.hpp"
#include "server/competition/rules/leaderboard_documents.hpp"
#include "server/competition/rules/secrets.hpp"
#include "server/store/store_copy.hpp"
#include "server/store/store_error.hpp"
#include "server/store/store_location.hpp"
#include "tools/organizer_commands.hpp"
#include "tools/simulation/simulation.hpp"
#include "tools/simulation/simulation_figures.hpp"
#include "tools/simulation/simulation_report.hpp"

namespace {

using namespace ariadne;
using json = nlohmann::json;

struct usage_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::int64_t now_ms() {
  return unix_ms(std::chrono::system_clock::now());
}

std::string time_or_empty(std::int64_t ms) {
  return ms > 0 ? format_time(from_unix_ms(ms)) : std::string();
}

void check_name(const std::string& name) {
  if (auto problem = check(limits::player_name, name)) throw usage_error(problem->message);
}

int leaderboard(results_store& store, const std::string& format) {
  const auto challenges = store.challenges();
  const auto runs = store.runs();
  const auto rows = rank_competitors(challenges, store.competitors(), runs);
  if (format == "json") {
    std::size_t ranked = 0;
    for (const auto& r : runs)
      ranked += ended(r.status);
    std::cout << leaderboard_json(store.meta("competition").value_or(""), now_ms(), challenges,
                                  rows, ranked, true, true);
  } else if (format == "csv") {
    std::cout << leaderboard_csv(challenges, rows);
  } else {
    std::cout << leaderboard_table(challenges, rows);
  }
  return 0;
}

int export_runs(results_store& store, const std::string& format) {
  const auto runs = store.runs();
  if (format == "csv") {
    std::cout << "competitor,challenge,attempt,deal,status,steps,bumps,score,optimal,ratio,found,"
                 "treasures,started_at,ended_at,run,bot\n";
    for (const auto& r : runs) {
      char ratio[32];
      std::snprintf(ratio, sizeof ratio, "%.6f", r.ratio);
      std::cout << csv_field(r.competitor_name) << "," << csv_field(r.challenge) << "," << r.attempt
                << "," << r.deal << "," << to_string(r.status) << "," << r.steps << "," << r.bumps
                << "," << r.score << "," << r.optimal << "," << ratio << "," << r.found << ","
                << r.treasures << "," << time_or_empty(r.started_at_ms) << ","
                << time_or_empty(r.ended_at_ms) << "," << r.run << "," << csv_field(r.bot) << "\n";
    }
    return 0;
  }
  json list = json::array();
  for (const auto& r : runs) {
    json item = {{"competitor", r.competitor_name},
                 {"challenge", r.challenge},
                 {"attempt", r.attempt},
                 {"deal", r.deal},
                 {"status", to_string(r.status)},
                 {"steps", r.steps},
                 {"bumps", r.bumps},
                 {"score", r.score},
                 {"optimal", r.optimal},
                 {"ratio", r.ratio},
                 {"found", r.found},
                 {"treasures", r.treasures},
                 {"started_at", time_or_empty(r.started_at_ms)}};
    item["ended_at"] = r.ended_at_ms > 0 ? json(time_or_empty(r.ended_at_ms)) : json(nullptr);
    item["run"] = r.run;  // its replay: /api/replays/{run}, after the close
    item["bot"] = r.bot.empty() ? json(nullptr) : json(r.bot);
    list.push_back(std::move(item));
  }
  std::cout << list.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
  return 0;
}

std::unique_ptr<results_store> open_existing(const store_location& where, store_access mode) {
  if (where.type == store_location::kind::sqlite && !std::filesystem::exists(where.target)) {
    throw usage_error("no database at " + where.target + " (give --db, or start the server first)");
  }
  return open_store(where, mode);
}

int copy_competition(const std::string& from_text, const std::string& to_text) {
  const store_location from = parse_store_location(from_text);
  const store_location to = parse_store_location(to_text);
  if (from.type == to.type && from.target == to.target) {
    throw usage_error("copy: --from and --to are the same database");
  }
  const auto source = open_existing(from, store_access::read_only);
  const auto target = open_store(to, store_access::read_write);
  const copied_counts n = copy_store(*source, *target);
  std::cout << "copied " << n.competitors << " competitors, " << n.challenges << " challenges, "
            << n.runs << " runs and " << n.meta << " settings (the secret among them) from "
            << from.shown << " to " << to.shown << "\n";
  return 0;
}

struct simulate_request {
  std::string file;
  std::string maze_dir;
  std::string bots;
  std::string json_file;
  bool compare_marks = false;
  simulation_options options;
};

int simulate(const simulate_request& s) {
  const maze_catalog catalog = s.maze_dir.empty() ? maze_catalog() : maze_catalog::load(s.maze_dir);
  const host_limits host;
  const competition_rules rules = load_competition(s.file, catalog, host);
  simulation_options options = s.options;
  for (std::size_t start = 0; start < s.bots.size();) {
    const std::size_t comma = std::min(s.bots.find(',', start), s.bots.size());
    if (comma > start) options.bots.push_back(s.bots.substr(start, comma - start));
    start = comma + 1;
  }
  // The reference bot plays when a mark compares with it.
  options.references = s.compare_marks;
  for (const challenge& c : rules.challenges)
    options.references = options.references || c.mark == mark_rule::reference_sum;
  competition_plays plays;
  try {
    plays = play_competition(rules, catalog, host, options);
  } catch (const std::invalid_argument& e) {
    throw usage_error(e.what());
  }
  if (s.compare_marks) {
    std::cout << comparison_text(compare_marks(plays), plays.seeds);
    return 0;
  }
  const competition_figures figures = measure_competition(plays, options);
  std::cout << figures_text(figures);
  if (!s.json_file.empty()) {
    std::ofstream out(s.json_file, std::ios::binary);
    out << figures_json(figures);
    if (!out) throw usage_error("cannot write " + s.json_file);
  }
  return 0;
}

int run_admin(int argc, char** argv) {
  CLI::App app{"Manage an Ariadne competition's database: competitors, tokens, results.",
               "ariadne-admin"};
  app.set_version_flag("--version", "ariadne-admin " + std::string(version));
  app.require_subcommand(1);
  std::string db = "ariadne.db";
  app.add_option("--db", db,
                 "The competition's database: a SQLite file (or sqlite:FILE), or a PostgreSQL "
                 "URI postgresql://USER@HOST:PORT/DB (the password from PGPASSFILE or PGPASSWORD)")
      ->envname("ARIADNE_DB")
      ->capture_default_str();
  std::string name;
  std::string format = "table";
  auto* add = app.add_subcommand("add-competitor", "Add a competitor; prints its token, once");
  add->add_option("name", name, "Up to 64 printable characters")->required();
  auto* rotate = app.add_subcommand(
      "rotate-token", "Give a competitor a new token (the old one stops working); prints it");
  rotate->add_option("name", name)->required();
  auto* revoke = app.add_subcommand(
      "revoke",
      "Revoke a competitor's token and take it off the leaderboard (rotate-token "
      "restores it)");
  revoke->add_option("name", name)->required();
  auto* import = app.add_subcommand(
      "import-competitors",
      "Add the competitors a CSV file names (its first column); their tokens go to a new file");
  std::string csv_file;
  std::string tokens_file;
  import->add_option("file", csv_file, "The CSV file (a first line \"name\" is skipped)")
      ->required();
  import->add_option("--tokens", tokens_file, "The new file of name,token lines (mode 0600)")
      ->required();
  schedule_request when;
  auto* open = app.add_subcommand("open", "Open the competition now (or --at TIME)");
  open->add_option("--at", when.at, "When it opens (UTC, e.g. 2026-12-24T18:00:00Z)");
  open->add_option("--until", when.until, "When it closes");
  auto* close = app.add_subcommand(
      "close", "Close the competition in " + std::to_string(schedule_notice.count()) +
                   " s (or --at TIME): ranked starts stop, the results and mazes are published");
  close->add_option("--at", when.at, "When it closes (UTC)");
  auto* extend = app.add_subcommand("extend", "Move the close later");
  auto* extend_to = extend->add_option("--to", when.to, "The new close (UTC)");
  auto* extend_by =
      extend->add_option("--by", when.by, "How much later: 30m, 2h, 1d")->excludes(extend_to);
  extend->require_option(1);
  (void)extend_by;
  std::string text;
  bool clear = false;
  auto* announcement =
      app.add_subcommand("announce", "Show a short message in the welcome and on the home page");
  announcement->add_option("text", text, "Up to 280 characters");
  announcement->add_flag("--clear", clear, "Remove the announcement");
  bool confirmed = false;
  auto* reset = app.add_subcommand(
      "reset", "Delete every ranked run, keeping competitors and tokens (closed competitions)");
  reset->add_flag("--yes-delete-results", confirmed, "Say that the results may go");
  auto* status = app.add_subcommand("status", "The competition's state, times and counts");
  auto* list = app.add_subcommand("list-competitors",
                                  "Every competitor, its state, attempts used and last activity");
  list->add_option("--format", format, "table or json")
      ->check(CLI::IsMember({"table", "json"}))
      ->capture_default_str();
  auto* board = app.add_subcommand("leaderboard", "The leaderboard, ranked as the server ranks");
  board->add_option("--format", format, "table, json or csv")
      ->check(CLI::IsMember({"table", "json", "csv"}))
      ->capture_default_str();
  auto* runs = app.add_subcommand("export-runs", "Every ranked run");
  std::string runs_format = "json";
  runs->add_option("--format", runs_format, "json or csv")
      ->check(CLI::IsMember({"json", "csv"}))
      ->capture_default_str();
  auto* check = app.add_subcommand("check", "SQLite's integrity check; exit 0 when ok");
  std::string copy_from;
  std::string copy_to;
  auto* copy = app.add_subcommand(
      "copy",
      "Copy a competition (competitors, tokens, challenges, runs, the secret) into an empty "
      "database, SQLite or PostgreSQL; the source is only read");
  copy->add_option("--from", copy_from, "The database copied: as --db takes it")->required();
  copy->add_option("--to", copy_to, "The new database: as --db takes it, and empty")->required();
  simulate_request sim;
  auto* simulation = app.add_subcommand(
      "simulate",
      "Play a competition file offline with the bundled bots as competitors under many secrets, "
      "and tell how often it ranks them in their true order (no database)");
  simulation->add_option("file", sim.file, "The competition file")->required();
  simulation->add_option("--runs", sim.options.runs, "Competitions played (independent secrets)")
      ->check(CLI::Range(2U, 100000U))
      ->capture_default_str();
  simulation->add_option("--bots", sim.bots, "Comma-separated bundled bots (default: all five)");
  simulation
      ->add_option("--secret", sim.options.secret,
                   "Secrets are SECRET/0, SECRET/1, ...: another word, other mazes")
      ->capture_default_str();
  simulation->add_option("--json", sim.json_file, "Also write the figures to FILE as JSON");
  simulation->add_option("--maze-dir", sim.maze_dir, "Where named mazes are (as the server's)");
  simulation->add_option("--jobs", sim.options.jobs, "Threads (0: one per core)")
      ->capture_default_str();
  simulation->add_flag("--compare-marks", sim.compare_marks,
                       "Measure every mark against the bots' median costs instead (markdown)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  if (simulation->parsed()) return simulate(sim);
  if (copy->parsed()) return copy_competition(copy_from, copy_to);
  const bool writes = add->parsed() || rotate->parsed() || revoke->parsed() || import->parsed() ||
                      open->parsed() || close->parsed() || extend->parsed() ||
                      announcement->parsed() || reset->parsed();
  if (announcement->parsed() && clear == !text.empty()) {
    throw usage_error("announce: give the text, or --clear");
  }
  if (reset->parsed() && !confirmed) {
    throw usage_error("reset deletes every ranked run: add --yes-delete-results to say so");
  }
  const store_location where = parse_store_location(db);
  const store_access mode = writes ? store_access::read_write : store_access::read_only;
  // Only adding a competitor may create a SQLite file (before the first start).
  const std::unique_ptr<results_store> opened =
      add->parsed() ? open_store(where, mode) : open_existing(where, mode);
  results_store& store = *opened;
  if (add->parsed()) {
    check_name(name);
    const std::string token = new_token();
    if (!store.add_competitor(name, token_hash(token), now_ms())) {
      throw usage_error("a competitor called '" + name +
                        "' exists: rotate-token gives it a new token");
    }
    std::cout << token << "\n";
    return 0;
  }
  if (rotate->parsed()) {
    const std::string token = new_token();
    if (!store.set_token(name, token_hash(token)))
      throw usage_error("no competitor '" + name + "'");
    std::cout << token << "\n";
    return 0;
  }
  if (revoke->parsed()) {
    if (!store.revoke(name)) throw usage_error("no competitor '" + name + "'");
    std::cout << "revoked " << name << "\n";
    return 0;
  }
  if (list->parsed()) list_competitors(store, format, std::cout);
  if (import->parsed()) import_competitors(store, csv_file, tokens_file, std::cout);
  if (open->parsed()) change_schedule(store, "open", when, std::cout);
  if (close->parsed()) change_schedule(store, "close", when, std::cout);
  if (extend->parsed()) change_schedule(store, "extend", when, std::cout);
  if (announcement->parsed()) announce(store, text, std::cout);
  if (reset->parsed()) reset_results(store, std::cout);
  if (status->parsed()) show_status(store, std::cout);
  if (board->parsed()) return leaderboard(store, format);
  if (runs->parsed()) return export_runs(store, runs_format);
  if (check->parsed()) {
    const std::string answer = store.integrity_check();
    std::cout << answer << "\n";
    return answer == "ok" ? 0 : 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run_admin(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "ariadne-admin: " << e.what() << "\n";
    return 2;
  }
}
