#include "server/competition/competition_opening.hpp"

#include <nlohmann/json.hpp>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "core/model/utc_time.hpp"
#include "server/competition/rules/secrets.hpp"
#include "server/competition/schedule_store.hpp"
#include "server/store/store_location.hpp"

namespace ariadne {

namespace {

std::string read_secret_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw competition_error("secret file " + path + ": cannot be read");
  std::stringstream text;
  text << in.rdbuf();
  std::string secret = text.str();
  while (!secret.empty() &&
         (secret.back() == '\n' || secret.back() == '\r' || secret.back() == ' ')) {
    secret.pop_back();
  }
  if (secret.size() < 16) {
    throw competition_error("secret file " + path + ": holds fewer than 16 characters");
  }
  return secret;
}

// A server of the same node name that still beats: two servers must not
// take each other's runs for a crashed start's.
void refuse_a_living_namesake(results_store& store, const server_node& node,
                              const std::string& shown) {
  const auto first = store.last_beat(node.name);
  if (!first || first->boot == node.boot) return;
  const auto age = unix_ms(std::chrono::system_clock::now()) - first->seen_ms;
  if (age > 3000) return;  // (a namesake's clock ahead of ours counts as recent)
  // It beat less than 3 s ago: it lives if it beats again (once a second).
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));
  const auto again = store.last_beat(node.name);
  if (again && again->seen_ms != first->seen_ms) {
    throw competition_error("a server named '" + node.name + "' is running on " + shown +
                            ": give this one another --node");
  }
}

}  // namespace

opened_competition open_competition(const competition_rules& rules, const std::string& db_path,
                                    const std::string& secret_file, const server_node& node) {
  opened_competition opened;
  const store_location where = parse_store_location(db_path);
  std::unique_ptr<results_store> store = open_store(where);
  refuse_a_living_namesake(*store, node, where.shown);
  store->begin();
  try {
    // The file against what the database knows: a challenge that has runs
    // must not change under them.
    std::set<std::string> played;
    const std::vector<ranked_run_record> runs = store->runs();
    for (const ranked_run_record& r : runs)
      played.insert(r.challenge);
    for (const challenge_record& old : store->challenges()) {
      if (played.count(old.id) == 0) continue;
      const challenge* now = rules.find(old.id);
      if (now == nullptr) {
        throw competition_error("challenge \"" + old.id + "\" has ranked runs in " + where.shown +
                                " but is missing from the competition file: put it back");
      }
      if (now->definition != old.definition) {
        // A file written before every attempt counted by default.
        auto as_before = nlohmann::json::parse(now->definition);
        as_before.erase("keep");
        as_before.erase("move_budget");
        const std::string hint =
            as_before.dump() == old.definition
                ? " (a challenge's mark now counts all its attempts unless it says "
                  "\"keep\": \"best\": add that to go on as before)"
                : ": add a new challenge instead";
        throw competition_error("challenge \"" + old.id + "\" has ranked runs in " + where.shown +
                                " and the file changes it (was " + old.definition + ", now " +
                                now->definition + ")" + hint);
      }
    }
    const auto seeds = store->meta("seeds");
    if (!runs.empty() && seeds && *seeds != to_string(rules.seeds)) {
      throw competition_error("the competition has ranked runs with \"seeds\": \"" + *seeds +
                              "\" and the file says \"" + std::string(to_string(rules.seeds)) +
                              "\"");
    }
    if (!secret_file.empty()) {
      opened.secret = read_secret_file(secret_file);
      const std::string fingerprint = token_hash(opened.secret);
      const auto stored = store->meta("secret_hash");
      if (!runs.empty() && stored && *stored != fingerprint) {
        throw competition_error("secret file " + secret_file +
                                ": not the secret this competition's runs were dealt with");
      }
      store->set_meta("secret_hash", fingerprint);
    } else {
      // The deals' secret kept in the database: any account that reads the
      // file computes every maze before it is played.
      const std::string exposed = files_open_to_others(where);
      if (!exposed.empty()) {
        throw competition_error(
            "the database keeps the competition's secret and other accounts can read " + exposed +
            ": chmod 600 it (and its -wal and -shm), or give --secret-file");
      }
      if (auto kept = store->meta("secret")) {
        opened.secret = *kept;
      } else {
        opened.secret = new_secret();
        store->set_meta("secret", opened.secret);
      }
    }
    store->set_meta("competition", rules.name);
    store->set_meta("seeds", to_string(rules.seeds));
    for (const challenge_record& c : challenge_records(rules))
      store->put_challenge(c);
    const auto now = std::chrono::system_clock::now();
    // As the last start left it: a file that would open a closed
    // competition again, whose mazes are published, is refused.
    const bool was_closed = store->meta("file_opens_at") && read_schedule(*store).closed(now);
    record_file_times(*store, rules);
    opened.schedule = read_schedule(*store);
    if (store->meta("opens_at") || store->meta("closes_at")) {
      spdlog::info(
          "the competition's times set with ariadne-admin win over the file's: opens {}, "
          "closes {}",
          time_or_never(opened.schedule.opens_at), time_or_never(opened.schedule.closes_at));
    }
    if (was_closed && !runs.empty() && !opened.schedule.closed(now)) {
      throw competition_error(
          "the competition has closed and its mazes are published: the file's times would open "
          "it again (ariadne-admin reset, then open, starts it over)");
    }
    if (opened.schedule.closed(now)) {
      // A close the file moved into the past, before runs that started:
      // the competition was open until the last of them, and says so.
      std::int64_t latest = 0;
      for (const ranked_run_record& r : runs)
        latest = std::max(latest, r.started_at_ms);
      if (latest > unix_ms(*opened.schedule.closes_at)) {
        spdlog::warn(
            "the competition closes at {}, before ranked runs that started until {}: "
            "its close is published as {}",
            format_time(*opened.schedule.closes_at), format_time(from_unix_ms(latest)),
            format_time(from_unix_ms(latest)));
        opened.schedule.closes_at = from_unix_ms(latest);
        store->set_meta("closes_at", std::to_string(latest));
      }
    }
    store->beat(node.name, node.boot, unix_ms(now));
    const std::size_t interrupted =
        // Closed: an attempt given back could not be played again, so the
        // mazes of its set already ended keep their results.
        store->interrupt_in_play(unix_ms(now), !opened.schedule.closed(now), node.name,
                                 unix_ms(now - node_dead_after));
    if (interrupted > 0) {
      spdlog::warn(
          "{} ranked run(s) were in play when this server (node '{}') or a dead one stopped (or "
          "were the mazes before them of their attempt's set): recorded as interrupted, their "
          "attempts given back",
          interrupted, node.name);
    }
    opened.first_run_number = store->claim_run_numbers(run_number_block);
    opened.living = store->living_nodes(unix_ms(now - node_dead_after)).size();
    store->commit();
  } catch (...) {
    store->rollback();
    throw;
  }
  opened.store = std::move(store);
  return opened;
}

}  // namespace ariadne
