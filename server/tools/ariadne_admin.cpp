// ariadne-admin: a competition's organizer at the database: competitors and
// their tokens, the leaderboard, every ranked run. Safe while the server runs
// (SQLite in WAL mode: readers never block the server, writes wait their turn).
#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "core/model/limits.hpp"
#include "core/model/version.hpp"
#include "server/competition/competition_rules.hpp"
#include "server/competition/leaderboard.hpp"
#include "server/competition/secrets.hpp"
#include "server/store/sqlite_store.hpp"
#include "server/store/store_error.hpp"

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

int leaderboard(sqlite_store& store, const std::string& format) {
  const auto challenges = store.challenges();
  const auto runs = store.runs();
  const auto rows = rank_competitors(challenges, store.competitors(), runs);
  if (format == "json") {
    std::size_t ranked = 0;
    for (const auto& r : runs)
      ranked += r.status != "in_play" && r.status != "interrupted";
    std::cout << leaderboard_json(store.meta("competition").value_or(""), now_ms(), challenges,
                                  rows, ranked);
  } else if (format == "csv") {
    std::cout << leaderboard_csv(challenges, rows);
  } else {
    std::cout << leaderboard_table(challenges, rows);
  }
  return 0;
}

int export_runs(sqlite_store& store, const std::string& format) {
  const auto runs = store.runs();
  if (format == "csv") {
    std::cout << "competitor,challenge,attempt,deal,status,steps,bumps,score,optimal,ratio,found,"
                 "treasures,started_at,ended_at\n";
    for (const auto& r : runs) {
      char ratio[32];
      std::snprintf(ratio, sizeof ratio, "%.6f", r.ratio);
      std::cout << csv_field(r.competitor_name) << "," << csv_field(r.challenge) << "," << r.attempt
                << "," << r.deal << "," << r.status << "," << r.steps << "," << r.bumps << ","
                << r.score << "," << r.optimal << "," << ratio << "," << r.found << ","
                << r.treasures << "," << time_or_empty(r.started_at_ms) << ","
                << time_or_empty(r.ended_at_ms) << "\n";
    }
    return 0;
  }
  json list = json::array();
  for (const auto& r : runs) {
    json item = {{"competitor", r.competitor_name},
                 {"challenge", r.challenge},
                 {"attempt", r.attempt},
                 {"deal", r.deal},
                 {"status", r.status},
                 {"steps", r.steps},
                 {"bumps", r.bumps},
                 {"score", r.score},
                 {"optimal", r.optimal},
                 {"ratio", r.ratio},
                 {"found", r.found},
                 {"treasures", r.treasures},
                 {"started_at", time_or_empty(r.started_at_ms)}};
    item["ended_at"] = r.ended_at_ms > 0 ? json(time_or_empty(r.ended_at_ms)) : json(nullptr);
    list.push_back(std::move(item));
  }
  std::cout << list.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
  return 0;
}

int run_admin(int argc, char** argv) {
  CLI::App app{"Manage an Ariadne competition's database: competitors, tokens, results.",
               "ariadne-admin"};
  app.set_version_flag("--version", "ariadne-admin " + std::string(version));
  app.require_subcommand(1);
  std::string db = "ariadne.db";
  app.add_option("--db", db, "The competition's SQLite database")
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
  auto* list = app.add_subcommand("list-competitors", "Every competitor and its state");
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
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  const bool writes = add->parsed() || rotate->parsed() || revoke->parsed();
  // Only adding a competitor may create the database (before the first start).
  if (!add->parsed() && !std::filesystem::exists(db)) {
    throw usage_error("no database at " + db + " (give --db, or start the server first)");
  }
  sqlite_store store(db,
                     writes ? sqlite_store::access::read_write : sqlite_store::access::read_only);
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
  if (list->parsed()) {
    json items = json::array();
    for (const auto& c : store.competitors()) {
      if (format == "json") {
        items.push_back({{"name", c.name},
                         {"revoked", c.revoked},
                         {"created_at", time_or_empty(c.created_at_ms)}});
      } else {
        std::cout << c.name << (c.revoked ? "  (revoked)" : "") << "\n";
      }
    }
    if (format == "json") std::cout << items.dump(2) << "\n";
    return 0;
  }
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
