// longer than 400 lines: one class over one PostgreSQL connection, whose every
// statement runs in the transaction store_writer holds open on it: cut by
// job (the runs, the nodes' tables), it would be two classes holding one
// connection and one transaction, the state lent from one to the other
// (STYLE: one lock, one owner). Each statement sits beside the code that
// runs it; the schema is in postgres_schema.hpp.
#include "server/store/postgres_store.hpp"

#include <string_view>

#include "server/store/postgres_schema.hpp"
#include "server/store/store_error.hpp"
#include "server/store/stored_status.hpp"

namespace ariadne {

namespace {
// The order of play (played_before).
constexpr const char* pg_play_order =
    " ORDER BY r.started_at_ms, r.run, r.competitor, r.challenge, r.deal";
constexpr const char* pg_run_columns =
    "SELECT r.competitor, c.name, r.challenge, r.deal, r.attempt, r.status, r.steps, r.bumps, "
    "r.score, r.optimal, r.ratio, r.found, r.treasures, r.started_at_ms, r.ended_at_ms, r.run, "
    "r.reference, r.bot, r.node";

std::string pg_string(std::string_view value) {
  return std::string(value);
}

std::string pg_unsigned(std::uint64_t value) {
  return pg_text(static_cast<std::int64_t>(value));
}

competitor_record pg_competitor(const postgres_connection::result& rows, int row) {
  return {rows.integer(row, 0), rows.text(row, 1), rows.boolean(row, 2), rows.integer(row, 3),
          rows.text(row, 4)};
}

}  // namespace

postgres_store::postgres_store(const std::string& uri, store_access mode)
    : db_(uri, without_password(uri)), mode_(mode) {
  if (mode_ == store_access::read_only) db_.exec("SET default_transaction_read_only = on");
  migrate();
  prepare_statements();
}

int postgres_store::schema_version() {
  const bool has_meta =
      db_.exec("SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'meta'")
          .rows() == 1;
  if (!has_meta) return 0;
  auto found = db_.exec("SELECT value FROM meta WHERE key = 'schema_version'");
  return found.rows() == 1 ? static_cast<int>(found.integer(0, 0)) : 0;
}

void postgres_store::migrate() {
  auto refuse_newer = [this](int version) {
    if (version <= store_schema_version) return;
    throw store_error("database " + db_.shown() + " has schema version " + std::to_string(version) +
                      ", newer than this server's " + std::to_string(store_schema_version) +
                      ": run a newer Ariadne on it");
  };
  int version = schema_version();
  refuse_newer(version);
  if (version == store_schema_version) return;
  if (mode_ == store_access::read_only) {
    throw store_error("database " + db_.shown() +
                      (version == 0 ? " holds no competition yet"
                                    : " has an older schema: start the server on it once"));
  }
  db_.exec("BEGIN");
  try {
    db_.exec(pg_schema_lock);
    // A server that made the schema while this one waited for the lock
    // leaves nothing to do: no DDL then meets the tables its running
    // transactions hold (three nodes starting together deadlocked so, one
    // node's ALTER against another's giving back of attempts).
    version = schema_version();
    refuse_newer(version);
    if (version == store_schema_version) {
      db_.exec("COMMIT");
      return;
    }
    // Every step creates or adds only what is missing.
    db_.exec(pg_schema);
    // A database of an older version takes the steps from its own on.
    for (int v = std::max(version, 4); v < store_schema_version; ++v)
      db_.exec(pg_migrations[v - 4]);
    db_.exec("INSERT INTO meta(key, value) VALUES('schema_version', '" +
             std::to_string(store_schema_version) +
             "') ON CONFLICT(key) DO UPDATE SET value = excluded.value");
    db_.exec("COMMIT");
  } catch (const store_error&) {
    db_.exec("ROLLBACK");
    throw;
  }
}

void postgres_store::prepare_statements() {
  db_.prepare("meta", "SELECT value FROM meta WHERE key = $1");
  db_.prepare("every_meta", "SELECT key, value FROM meta ORDER BY key COLLATE \"C\"");
  db_.prepare("set_meta",
              "INSERT INTO meta(key, value) VALUES($1, $2) "
              "ON CONFLICT(key) DO UPDATE SET value = excluded.value");
  db_.prepare("add_competitor",
              "INSERT INTO competitors(name, token_hash, created_at_ms) VALUES($1, $2, $3) "
              "ON CONFLICT DO NOTHING");
  db_.prepare("set_token",
              "UPDATE competitors SET token_hash = $1, revoked = FALSE WHERE name = $2");
  db_.prepare("revoke", "UPDATE competitors SET revoked = TRUE WHERE name = $1");
  db_.prepare("competitors",
              "SELECT id, name, revoked, created_at_ms, token_hash FROM competitors ORDER BY id");
  db_.prepare("competitor_by_token",
              "SELECT id, name, revoked, created_at_ms, token_hash FROM competitors "
              "WHERE token_hash = $1 AND NOT revoked");
  db_.prepare("challenges",
              "SELECT id, position, weight, definition FROM challenges ORDER BY position");
  db_.prepare("put_challenge",
              "INSERT INTO challenges(id, position, weight, definition) VALUES($1, $2, $3, $4) "
              "ON CONFLICT(id) DO UPDATE SET position = excluded.position, "
              "weight = excluded.weight, definition = excluded.definition");
  db_.prepare("insert_run",
              "INSERT INTO runs(competitor, challenge, deal, attempt, status, treasures, "
              "started_at_ms, run, reference, bot, node) "
              "VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) "
              "ON CONFLICT (competitor, challenge, deal) DO NOTHING");
  db_.prepare("finish_run",
              "UPDATE runs SET status = $1, steps = $2, bumps = $3, score = $4, optimal = $5, "
              "ratio = $6, found = $7, treasures = $8, ended_at_ms = $9, moves = $10 "
              "WHERE competitor = $11 AND challenge = $12 AND deal = $13 AND "
              // The same end again is a retry whose first answer was lost.
              "(status = 'in_play' OR (status = $1 AND steps = $2 AND bumps = $3 AND "
              "score = $4 AND ended_at_ms = $9))");
  db_.prepare("runs", std::string(pg_run_columns) +
                          " FROM runs r JOIN competitors c ON c.id = r.competitor " +
                          pg_play_order);
  // The statement's own snapshot: every transaction older than its oldest
  // one still running has ended, so the next read starts there. The first
  // row always comes (its run columns null when no run changed).
  db_.prepare("runs_changed_since",
              "WITH s AS (SELECT pg_snapshot_xmin(pg_current_snapshot())::TEXT::BIGINT AS next) " +
                  std::string(pg_run_columns) +
                  ", s.next FROM s LEFT JOIN (runs r JOIN competitors c ON c.id = r.competitor) "
                  "ON r.row_version >= $1 " +
                  pg_play_order);
  db_.prepare("latest_attempt", std::string(pg_run_columns) +
                                    " FROM runs r JOIN competitors c ON c.id = r.competitor " +
                                    pg_latest_attempt + pg_play_order);
  db_.prepare("runs_of", std::string(pg_run_columns) +
                             " FROM runs r JOIN competitors c ON c.id = r.competitor "
                             "WHERE r.competitor = $1 " +
                             pg_play_order);
  db_.prepare("interrupt_attempt", std::string(pg_interrupt_attempts) +
                                       "competitor = $2 AND challenge = $3 AND attempt = $4");
  db_.prepare("hand_off_run",
              "UPDATE runs SET node = $1, moves = $2 "
              "WHERE run = $3 AND run <> 0 AND node = $4 AND status = 'in_play'");
  db_.prepare("record_hello",
              "INSERT INTO seats(competitor, node, boot, since_ms) VALUES($1, $2, $3, $4) "
              "ON CONFLICT(competitor) DO UPDATE SET node = excluded.node, boot = excluded.boot, "
              "since_ms = excluded.since_ms");
  db_.prepare("seats", "SELECT competitor, node, boot FROM seats ORDER BY competitor");
  db_.prepare("latest_hello_of", "SELECT competitor, node, boot FROM seats WHERE competitor = $1");
  // Two keys: this program's class of locks, and the competitor.
  db_.prepare("lock_competitor",
              "SELECT pg_advisory_xact_lock(7412, ($1::BIGINT % 2147483647)::INT)");
  db_.prepare("living_nodes", "SELECT name FROM nodes WHERE seen_ms >= $1 ORDER BY name");
  db_.prepare("run_by_number",
              std::string(pg_run_columns) +
                  ", r.moves FROM runs r JOIN competitors c ON c.id = r.competitor "
                  "WHERE r.run = $1 AND r.run <> 0");
  // Runs a reset deleted keep their numbers: the meta table remembers them.
  db_.prepare("last_run_number",
              "SELECT GREATEST(COALESCE((SELECT MAX(run) FROM runs), 0), "
              "COALESCE((SELECT value::BIGINT FROM meta WHERE key = 'runs_numbered'), 0), "
              "COALESCE((SELECT value::BIGINT FROM meta WHERE key = 'runs_claimed'), 0))");
  db_.prepare("delete_runs", "DELETE FROM runs");
  // A whole attempt goes back: its set's mazes ended before too. Two living
  // servers giving back a dead one's runs at once lock them in one order
  // (the sorted FOR UPDATE), so they never deadlock: the second waits, then
  // finds nothing left in play.
  db_.prepare("interrupt_attempts",
              std::string(pg_interrupt_attempts) +
                  "(competitor, challenge, deal) IN (SELECT competitor, challenge, deal FROM runs "
                  "WHERE status <> 'interrupted' AND (competitor, challenge, attempt) IN "
                  "(SELECT competitor, challenge, attempt FROM runs WHERE " +
                  pg_given_back + ") ORDER BY competitor, challenge, deal FOR UPDATE)");
  db_.prepare("interrupt_in_play",
              std::string("UPDATE runs SET status = 'interrupted', ended_at_ms = $1 WHERE "
                          "(competitor, challenge, deal) IN (SELECT competitor, challenge, deal "
                          "FROM runs WHERE ") +
                  pg_given_back + " ORDER BY competitor, challenge, deal FOR UPDATE)");
  db_.prepare("beat",
              "INSERT INTO nodes(name, boot, seen_ms) VALUES($1, $2, $3) "
              "ON CONFLICT(name) DO UPDATE SET boot = excluded.boot, seen_ms = excluded.seen_ms");
  db_.prepare("last_beat", "SELECT boot, seen_ms FROM nodes WHERE name = $1");
  db_.prepare("publish_runs",
              "INSERT INTO node_runs(node, written_ms, document) VALUES($1, $2, $3) "
              "ON CONFLICT(node) DO UPDATE SET written_ms = excluded.written_ms, "
              "document = excluded.document WHERE node_runs.document <> excluded.document");
  db_.prepare("published_runs",
              "SELECT r.node, r.written_ms FROM node_runs r JOIN nodes n ON n.name = r.node "
              "WHERE r.node <> $1 AND n.seen_ms >= $2 ORDER BY r.node");
  db_.prepare("published_document", "SELECT document FROM node_runs WHERE node = $1");
  // The row of the numbers claimed, locked until the transaction ends: the
  // servers claiming at once take turns.
  db_.prepare("claim_lock",
              "INSERT INTO meta(key, value) VALUES('runs_claimed', '0') ON CONFLICT DO NOTHING");
  db_.prepare("claim_row", "SELECT value FROM meta WHERE key = 'runs_claimed' FOR UPDATE");
}

void postgres_store::begin() {
  // A connection lost since the last transaction is opened again here, never
  // inside one: what a transaction wrote before the loss is gone with it.
  if (!db_.healthy()) db_.reconnect();
  // A reader's transaction is a snapshot of the whole database.
  db_.exec(mode_ == store_access::read_only ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
                                            : "BEGIN");
  in_transaction_ = true;
}

void postgres_store::commit() {
  in_transaction_ = false;
  // A transaction an error aborted ends in a ROLLBACK, reported as success.
  const auto answer = db_.exec("COMMIT");
  if (answer.command() != "COMMIT") {
    throw store_error("database " + db_.shown() + ": the transaction was rolled back");
  }
}

void postgres_store::rollback() {
  in_transaction_ = false;
  if (db_.healthy() && db_.in_transaction()) db_.exec("ROLLBACK");
}

postgres_connection::result postgres_store::run(const std::string& name,
                                                const std::vector<std::string>& parameters) {
  // Outside a transaction (reads, ariadne-admin's statements) a lost
  // connection is opened again at once.
  if (!in_transaction_ && !db_.healthy()) db_.reconnect();
  return db_.run(name, parameters);
}

std::optional<std::string> postgres_store::meta(std::string_view key) {
  const auto rows = run("meta", {pg_string(key)});
  if (rows.rows() == 0) return std::nullopt;
  return rows.text(0, 0);
}

std::vector<std::pair<std::string, std::string>> postgres_store::every_meta() {
  const auto rows = run("every_meta");
  std::vector<std::pair<std::string, std::string>> all;
  for (int i = 0; i < rows.rows(); ++i)
    all.emplace_back(rows.text(i, 0), rows.text(i, 1));
  return all;
}

void postgres_store::set_meta(std::string_view key, std::string_view value) {
  run("set_meta", {pg_string(key), pg_string(value)});
}

bool postgres_store::add_competitor(std::string_view name, std::string_view token_hash,
                                    std::int64_t now_ms) {
  return run("add_competitor", {pg_string(name), pg_string(token_hash), pg_text(now_ms)})
             .changed() == 1;
}

bool postgres_store::set_token(std::string_view name, std::string_view token_hash) {
  return run("set_token", {pg_string(token_hash), pg_string(name)}).changed() == 1;
}

bool postgres_store::revoke(std::string_view name) {
  return run("revoke", {pg_string(name)}).changed() == 1;
}

std::vector<competitor_record> postgres_store::competitors() {
  const auto rows = run("competitors");
  std::vector<competitor_record> list;
  list.reserve(static_cast<std::size_t>(rows.rows()));
  for (int i = 0; i < rows.rows(); ++i)
    list.push_back(pg_competitor(rows, i));
  return list;
}

std::optional<competitor_record> postgres_store::competitor_by_token(std::string_view token_hash) {
  const auto rows = run("competitor_by_token", {pg_string(token_hash)});
  if (rows.rows() == 0) return std::nullopt;
  return pg_competitor(rows, 0);
}

std::vector<challenge_record> postgres_store::challenges() {
  const auto rows = run("challenges");
  std::vector<challenge_record> list;
  for (int i = 0; i < rows.rows(); ++i) {
    list.push_back({rows.text(i, 0), static_cast<std::int32_t>(rows.integer(i, 1)), rows.real(i, 2),
                    rows.text(i, 3)});
  }
  return list;
}

void postgres_store::put_challenge(const challenge_record& c) {
  run("put_challenge", {c.id, pg_text(std::int64_t{c.position}), pg_text(c.weight), c.definition});
}

bool postgres_store::insert_run(const ranked_run_record& r) {
  const auto rows =
      run("insert_run",
          {pg_text(r.competitor), r.challenge, pg_unsigned(r.deal), pg_unsigned(r.attempt),
           pg_string(to_string(r.status)), pg_unsigned(r.treasures), pg_text(r.started_at_ms),
           pg_unsigned(r.run), pg_unsigned(r.reference), r.bot, r.node});
  return rows.changed() == 1;
}

void postgres_store::finish_run(const ranked_run_record& r) {
  const auto rows =
      run("finish_run", {pg_string(to_string(r.status)), pg_unsigned(r.steps), pg_unsigned(r.bumps),
                         pg_unsigned(r.score), pg_unsigned(r.optimal), pg_text(r.ratio),
                         pg_unsigned(r.found), pg_unsigned(r.treasures), pg_text(r.ended_at_ms),
                         r.moves, pg_text(r.competitor), r.challenge, pg_unsigned(r.deal)});
  if (rows.changed() != 1) {
    throw store_error("database " + db_.shown() +
                      ": finishing a run that is not in play (or was given back)");
  }
}

ranked_run_record postgres_store::read_run(const postgres_connection::result& rows, int i) {
  ranked_run_record r;
  r.competitor = rows.integer(i, 0);
  r.competitor_name = rows.text(i, 1);
  r.challenge = rows.text(i, 2);
  r.deal = static_cast<std::uint32_t>(rows.integer(i, 3));
  r.attempt = static_cast<std::uint32_t>(rows.integer(i, 4));
  r.status = stored_status(rows.text(i, 5));
  r.steps = static_cast<std::uint64_t>(rows.integer(i, 6));
  r.bumps = static_cast<std::uint64_t>(rows.integer(i, 7));
  r.score = static_cast<std::uint64_t>(rows.integer(i, 8));
  r.optimal = static_cast<std::uint64_t>(rows.integer(i, 9));
  r.ratio = rows.real(i, 10);
  r.found = static_cast<std::uint32_t>(rows.integer(i, 11));
  r.treasures = static_cast<std::uint32_t>(rows.integer(i, 12));
  r.started_at_ms = rows.integer(i, 13);
  r.ended_at_ms = rows.integer(i, 14);
  r.run = static_cast<std::uint64_t>(rows.integer(i, 15));
  r.reference = static_cast<std::uint64_t>(rows.integer(i, 16));
  r.bot = rows.text(i, 17);
  r.node = rows.text(i, 18);
  return r;
}

std::vector<ranked_run_record> postgres_store::runs() {
  const auto rows = run("runs");
  std::vector<ranked_run_record> list;
  list.reserve(static_cast<std::size_t>(rows.rows()));
  for (int i = 0; i < rows.rows(); ++i)
    list.push_back(read_run(rows, i));
  return list;
}

results_store::changes postgres_store::runs_changed_since(std::int64_t from) {
  const auto rows = run("runs_changed_since", {pg_text(from)});
  changes found;
  for (int i = 0; i < rows.rows(); ++i) {
    found.next = rows.integer(i, 19);
    if (!rows.null(i, 0)) found.runs.push_back(read_run(rows, i));
  }
  return found;
}

std::vector<ranked_run_record> postgres_store::latest_attempt(std::int64_t competitor,
                                                              std::string_view challenge) {
  const auto rows = run("latest_attempt", {pg_text(competitor), std::string(challenge)});
  std::vector<ranked_run_record> list;
  for (int i = 0; i < rows.rows(); ++i)
    list.push_back(read_run(rows, i));
  return list;
}

void postgres_store::lock_competitor(std::int64_t competitor) {
  run("lock_competitor", {pg_text(competitor)});
}

std::vector<ranked_run_record> postgres_store::runs_of(std::int64_t competitor) {
  const auto rows = run("runs_of", {pg_text(competitor)});
  std::vector<ranked_run_record> list;
  for (int i = 0; i < rows.rows(); ++i)
    list.push_back(read_run(rows, i));
  return list;
}

std::optional<ranked_run_record> postgres_store::run_by_number(std::uint64_t number_of_run) {
  const auto rows = run("run_by_number", {pg_unsigned(number_of_run)});
  if (rows.rows() == 0) return std::nullopt;
  ranked_run_record r = read_run(rows, 0);
  r.moves = rows.text(0, 19);
  return r;
}

std::uint64_t postgres_store::last_run_number() {
  const auto rows = run("last_run_number");
  return rows.rows() == 1 ? static_cast<std::uint64_t>(rows.integer(0, 0)) : 0;
}

std::size_t postgres_store::delete_runs() {
  set_meta("runs_numbered", std::to_string(last_run_number()));
  return run("delete_runs").changed();
}

std::size_t postgres_store::interrupt_in_play(std::int64_t now_ms, bool whole_attempts,
                                              std::string_view own, std::int64_t dead_before_ms) {
  return run(whole_attempts ? "interrupt_attempts" : "interrupt_in_play",
             {pg_text(now_ms), std::string(own), pg_text(dead_before_ms)})
      .changed();
}

void postgres_store::beat(std::string_view node, std::string_view boot, std::int64_t now_ms) {
  run("beat", {std::string(node), std::string(boot), pg_text(now_ms)});
}

std::optional<node_beat> postgres_store::last_beat(std::string_view node) {
  const auto rows = run("last_beat", {std::string(node)});
  if (rows.rows() == 0) return std::nullopt;
  return node_beat{rows.text(0, 0), rows.integer(0, 1)};
}

std::vector<std::string> postgres_store::living_nodes(std::int64_t since_ms) {
  const auto rows = run("living_nodes", {pg_text(since_ms)});
  std::vector<std::string> names;
  for (int i = 0; i < rows.rows(); ++i)
    names.push_back(rows.text(i, 0));
  return names;
}

void postgres_store::publish_runs(std::string_view node, std::int64_t now_ms,
                                  std::string_view document) {
  run("publish_runs", {std::string(node), pg_text(now_ms), std::string(document)});
}

std::vector<published_runs_record> postgres_store::published_runs(
    std::string_view except, std::int64_t since_ms,
    const std::map<std::string, std::int64_t, std::less<>>& known) {
  const auto rows = run("published_runs", {std::string(except), pg_text(since_ms)});
  std::vector<published_runs_record> found;
  for (int i = 0; i < rows.rows(); ++i) {
    published_runs_record r{rows.text(i, 0), rows.integer(i, 1)};
    const auto seen = known.find(r.node);
    if (seen == known.end() || seen->second != r.written_ms) {
      const auto document = run("published_document", {r.node});
      if (document.rows() == 1) r.document = document.text(0, 0);
    }
    found.push_back(std::move(r));
  }
  return found;
}

std::size_t postgres_store::interrupt_attempt(std::int64_t competitor, std::string_view challenge,
                                              std::uint32_t attempt, std::int64_t now_ms) {
  return run("interrupt_attempt",
             {pg_text(now_ms), pg_text(competitor), std::string(challenge), pg_unsigned(attempt)})
      .changed();
}

bool postgres_store::hand_off_run(std::uint64_t number, std::string_view from, std::string_view to,
                                  std::string_view moves) {
  return run("hand_off_run",
             {std::string(to), std::string(moves), pg_unsigned(number), std::string(from)})
             .changed() == 1;
}

void postgres_store::record_hello(const hello_record& hello, std::int64_t now_ms) {
  run("record_hello", {pg_text(hello.competitor), hello.node, hello.boot, pg_text(now_ms)});
}

std::optional<hello_record> postgres_store::latest_hello_of(std::int64_t competitor) {
  const auto rows = run("latest_hello_of", {pg_text(competitor)});
  if (rows.rows() == 0) return std::nullopt;
  return hello_record{rows.integer(0, 0), rows.text(0, 1), rows.text(0, 2)};
}

std::vector<hello_record> postgres_store::latest_hellos() {
  const auto rows = run("seats");
  std::vector<hello_record> list;
  for (int i = 0; i < rows.rows(); ++i)
    list.push_back({rows.integer(i, 0), rows.text(i, 1), rows.text(i, 2)});
  return list;
}

std::uint64_t postgres_store::claim_run_numbers(std::uint64_t count) {
  run("claim_lock");
  run("claim_row");  // every other server's claim waits here until this one commits
  const std::uint64_t first = last_run_number() + 1;
  set_meta("runs_claimed", pg_unsigned(first + count - 1));
  return first;
}

std::string postgres_store::integrity_check() {
  std::string problems;
  const auto twice = db_.exec(
      "SELECT run, COUNT(*) FROM runs WHERE run <> 0 GROUP BY run HAVING COUNT(*) > 1 "
      "ORDER BY run LIMIT 20");
  for (int i = 0; i < twice.rows(); ++i) {
    problems += (problems.empty() ? "" : "\n") + std::string("run number ") + twice.text(i, 0) +
                " is used " + twice.text(i, 1) + " times";
  }
  const auto unknown = db_.exec(
      "SELECT DISTINCT challenge FROM runs WHERE challenge NOT IN (SELECT id FROM challenges) "
      "ORDER BY challenge LIMIT 20");
  for (int i = 0; i < unknown.rows(); ++i) {
    problems += (problems.empty() ? "" : "\n") + std::string("runs of an unknown challenge \"") +
                unknown.text(i, 0) + "\"";
  }
  return problems.empty() ? "ok" : problems;
}

}  // namespace ariadne
