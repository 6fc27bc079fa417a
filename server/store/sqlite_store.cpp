// longer than 400 lines: one class over one SQLite connection, whose every
// statement runs in the transaction store_writer holds open on it: cut by
// job (the runs, the nodes' tables), it would be two classes holding one
// connection and one transaction, the state lent from one to the other
// (STYLE: one lock, one owner). Each statement sits beside the code that
// runs it; the schema is in sqlite_schema.hpp.
#include "server/store/sqlite_store.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <set>
#include <utility>

#include "server/store/sqlite_schema.hpp"
#include "server/store/sqlite_statement.hpp"
#include "server/store/store_error.hpp"
#include "server/store/stored_status.hpp"

namespace ariadne {

sqlite_store::sqlite_store(const std::string& path, access mode)
    : path_(path), read_only_(mode == access::read_only) {
  // A new database is its owner's alone (it may hold the competition's
  // secret): made here 0600 whatever the umask, SQLite gives its -wal and
  // -shm files the mode of the database.
  if (mode == access::read_write && path != ":memory:" && !path.empty() &&
      !path.starts_with("file:")) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd >= 0) {
      ::close(fd);
    } else if (errno != EEXIST) {
      throw store_error("cannot create the database " + path + ": " + std::strerror(errno));
    }
  }
  const int flags =
      mode == access::read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  if (sqlite3_open_v2(path.c_str(), &db_, flags | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK) {
    const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw store_error("cannot open the database " + path + ": " + why);
  }
  // Another process (ariadne-admin, the server) may hold the write lock for
  // a moment: wait for it rather than fail.
  sqlite3_busy_timeout(db_, 5000);
  try {
    set_up(mode);
  } catch (const store_error&) {
    sqlite3_close(db_);  // no destructor runs for a constructor that throws
    throw;
  }
}

void sqlite_store::set_up(access mode) {
  check_version();
  if (mode == access::read_write) {
    exec("PRAGMA journal_mode=WAL");
    exec("PRAGMA synchronous=FULL");
    exec("PRAGMA foreign_keys=ON");
    // Servers starting together on one file take the steps one at a time.
    exec("BEGIN IMMEDIATE");
    try {
      migrate();
      exec("COMMIT");
    } catch (const store_error&) {
      exec("ROLLBACK");
      throw;
    }
  } else {
    // Read-only (ariadne-admin): an older database is read as it is.
    const std::set<std::string> had = runs_columns();
    has_reference_ = had.count("reference") == 1;
    has_bot_ = had.count("bot") == 1;
    has_node_ = had.count("node") == 1;
    has_row_version_ = had.count("row_version") == 1;
  }
}

void sqlite_store::migrate() {
  exec(sqlite_schema);
  // A database made before replays were kept, before reference marks or
  // before bots named themselves: add their columns.
  const std::set<std::string> had = runs_columns();
  for (const auto& [column, sql] : sqlite_added_columns) {
    if (had.count(column) == 0) exec(sql);
  }
  exec("CREATE INDEX IF NOT EXISTS runs_by_number ON runs(run)");
  exec(sqlite_row_versions);
  // The runs in play, few whatever the runs' number: a restart after a
  // crash finds them at once.
  exec(
      "CREATE INDEX IF NOT EXISTS runs_in_play ON runs(competitor, challenge, attempt) "
      "WHERE status = 'in_play'");
  set_meta("schema_version", std::to_string(store_schema_version));
}

std::set<std::string> sqlite_store::runs_columns() {
  statement columns(db_, path_, "PRAGMA table_info(runs)");
  std::set<std::string> names;
  while (columns.step())
    names.insert(columns.text(1));
  return names;
}

sqlite_store::~sqlite_store() {
  sqlite3_close(db_);
}

void sqlite_store::check_version() {
  // Databases made before the version was kept have a meta table without it:
  // their columns tell their version, and the steps above bring them up.
  {
    statement tables(db_, path_,
                     "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'");
    if (!tables.step()) return;
  }
  statement s(db_, path_, "SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'schema_version'");
  if (!s.step()) return;
  const std::int64_t version = s.integer(0);
  if (version > store_schema_version) {
    throw store_error("database " + path_ + " has schema version " + std::to_string(version) +
                      ", newer than this server's " + std::to_string(store_schema_version) +
                      ": run a newer Ariadne on it");
  }
}

void sqlite_store::fail(const std::string& what) {
  throw store_error("database " + path_ + ": " + what + ": " + sqlite3_errmsg(db_));
}

void sqlite_store::exec(const char* sql) {
  char* message = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) != SQLITE_OK) {
    const std::string why = message ? message : "unknown error";
    sqlite3_free(message);
    throw store_error("database " + path_ + ": " + why);
  }
}

void sqlite_store::begin() {
  // A reader's transaction is a snapshot (WAL); a writer's takes the lock at once.
  exec(read_only_ ? "BEGIN" : "BEGIN IMMEDIATE");
}
void sqlite_store::commit() {
  exec("COMMIT");
}
void sqlite_store::rollback() {
  if (sqlite3_get_autocommit(db_) == 0) exec("ROLLBACK");
}

std::optional<std::string> sqlite_store::meta(std::string_view key) {
  statement s(db_, path_, "SELECT value FROM meta WHERE key = ?");
  s.bind(1, key);
  if (!s.step()) return std::nullopt;
  return s.text(0);
}

std::vector<std::pair<std::string, std::string>> sqlite_store::every_meta() {
  statement s(db_, path_, "SELECT key, value FROM meta ORDER BY key");
  std::vector<std::pair<std::string, std::string>> all;
  while (s.step())
    all.emplace_back(s.text(0), s.text(1));
  return all;
}

void sqlite_store::set_meta(std::string_view key, std::string_view value) {
  statement s(db_, path_,
              "INSERT INTO meta(key, value) VALUES(?, ?) "
              "ON CONFLICT(key) DO UPDATE SET value = excluded.value");
  s.bind(1, key).bind(2, value).run();
}

bool sqlite_store::add_competitor(std::string_view name, std::string_view token_hash,
                                  std::int64_t now_ms) {
  statement s(db_, path_,
              "INSERT INTO competitors(name, token_hash, created_at_ms) VALUES(?, ?, ?)");
  return s.bind(1, name).bind(2, token_hash).bind(3, now_ms).run();
}

bool sqlite_store::set_token(std::string_view name, std::string_view token_hash) {
  statement s(db_, path_, "UPDATE competitors SET token_hash = ?, revoked = 0 WHERE name = ?");
  s.bind(1, token_hash).bind(2, name).run();
  return sqlite3_changes(db_) == 1;
}

bool sqlite_store::revoke(std::string_view name) {
  statement s(db_, path_, "UPDATE competitors SET revoked = 1 WHERE name = ?");
  s.bind(1, name).run();
  return sqlite3_changes(db_) == 1;
}

std::vector<competitor_record> sqlite_store::competitors() {
  statement s(db_, path_,
              "SELECT id, name, revoked, created_at_ms, token_hash FROM competitors ORDER BY id");
  std::vector<competitor_record> list;
  while (s.step()) {
    list.push_back({s.integer(0), s.text(1), s.integer(2) != 0, s.integer(3), s.text(4)});
  }
  return list;
}

std::optional<competitor_record> sqlite_store::competitor_by_token(std::string_view token_hash) {
  statement s(db_, path_,
              "SELECT id, name, revoked, created_at_ms, token_hash FROM competitors "
              "WHERE token_hash = ? AND revoked = 0");
  s.bind(1, token_hash);
  if (!s.step()) return std::nullopt;
  return competitor_record{s.integer(0), s.text(1), s.integer(2) != 0, s.integer(3), s.text(4)};
}

std::vector<challenge_record> sqlite_store::challenges() {
  statement s(db_, path_,
              "SELECT id, position, weight, definition FROM challenges ORDER BY position");
  std::vector<challenge_record> list;
  while (s.step()) {
    list.push_back({s.text(0), static_cast<std::int32_t>(s.integer(1)), s.real(2), s.text(3)});
  }
  return list;
}

void sqlite_store::put_challenge(const challenge_record& c) {
  statement s(db_, path_,
              "INSERT INTO challenges(id, position, weight, definition) VALUES(?, ?, ?, ?) "
              "ON CONFLICT(id) DO UPDATE SET position = excluded.position, "
              "weight = excluded.weight, definition = excluded.definition");
  s.bind(1, c.id).bind(2, std::int64_t{c.position}).bind(3, c.weight).bind(4, c.definition).run();
}

bool sqlite_store::insert_run(const ranked_run_record& r) {
  statement s(db_, path_,
              "INSERT INTO runs(competitor, challenge, deal, attempt, status, treasures, "
              "started_at_ms, run, reference, bot, node) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
              "ON CONFLICT(competitor, challenge, deal) DO NOTHING");
  s.bind(1, r.competitor)
      .bind(2, r.challenge)
      .bind(3, std::int64_t{r.deal})
      .bind(4, std::int64_t{r.attempt})
      .bind(5, to_string(r.status))
      .bind(6, std::int64_t{r.treasures})
      .bind(7, r.started_at_ms)
      .bind(8, static_cast<std::int64_t>(r.run))
      .bind(9, static_cast<std::int64_t>(r.reference))
      .bind(10, r.bot)
      .bind(11, r.node);
  // A deal taken is no violation (DO NOTHING); another one (no such
  // competitor) is an error.
  if (!s.run()) fail("a run that breaks the database's rules");
  return sqlite3_changes(db_) == 1;
}

void sqlite_store::finish_run(const ranked_run_record& r) {
  statement s(db_, path_,
              "UPDATE runs SET status = ?1, steps = ?2, bumps = ?3, score = ?4, optimal = ?5, "
              "ratio = ?6, found = ?7, treasures = ?8, ended_at_ms = ?9, moves = ?10 "
              "WHERE competitor = ?11 AND challenge = ?12 AND deal = ?13 AND "
              // The same end again is a retry whose first answer was lost.
              "(status = 'in_play' OR (status = ?1 AND steps = ?2 AND bumps = ?3 AND "
              "score = ?4 AND ended_at_ms = ?9))");
  s.bind(1, to_string(r.status))
      .bind(2, static_cast<std::int64_t>(r.steps))
      .bind(3, static_cast<std::int64_t>(r.bumps))
      .bind(4, static_cast<std::int64_t>(r.score))
      .bind(5, static_cast<std::int64_t>(r.optimal))
      .bind(6, r.ratio)
      .bind(7, std::int64_t{r.found})
      .bind(8, std::int64_t{r.treasures})
      .bind(9, r.ended_at_ms)
      .bind(10, r.moves)
      .bind(11, r.competitor)
      .bind(12, r.challenge)
      .bind(13, std::int64_t{r.deal})
      .run();
  if (sqlite3_changes(db_) != 1) fail("finishing a run that is not in play (or was given back)");
}

namespace {

// The order of play (played_before), by the columns' own names: a UNION
// of run_columns takes it too.
constexpr const char* play_order = " ORDER BY started_at_ms, run, competitor, challenge, deal";

// The columns a run is read from (read_run); an older database read as it
// is lacks the reference, bot and node columns.
std::string run_columns(bool has_reference, bool has_bot, bool has_node) {
  return std::string(
             "SELECT r.competitor, c.name, r.challenge, r.deal, r.attempt, r.status, r.steps, "
             "r.bumps, r.score, r.optimal, r.ratio, r.found, r.treasures, r.started_at_ms, "
             "r.ended_at_ms, r.run, ") +
         (has_reference ? "r.reference" : "0") + (has_bot ? ", r.bot" : ", ''") +
         (has_node ? ", r.node" : ", ''");
}

}  // namespace

std::vector<ranked_run_record> sqlite_store::select_runs(const char* where,
                                                         std::optional<std::int64_t> competitor) {
  const std::string sql = run_columns(has_reference_, has_bot_, has_node_) +
                          " FROM runs r JOIN competitors c ON c.id = r.competitor " + where +
                          play_order;
  statement s(db_, path_, sql.c_str());
  if (competitor) s.bind(1, *competitor);
  std::vector<ranked_run_record> list;
  while (s.step())
    list.push_back(read_run(s));
  return list;
}

std::vector<ranked_run_record> sqlite_store::runs() {
  return select_runs("", std::nullopt);
}

results_store::changes sqlite_store::runs_changed_since(std::int64_t from) {
  // An older database read as it is: every run, every time.
  if (!has_row_version_) return {runs(), 0};
  const std::string sql = run_columns(has_reference_, has_bot_, has_node_) +
                          ", r.row_version FROM runs r JOIN competitors c ON c.id = r.competitor "
                          "WHERE r.row_version >= ?" +
                          play_order;
  statement s(db_, path_, sql.c_str());
  s.bind(1, from);
  changes found{{}, from};
  while (s.step()) {
    found.runs.push_back(read_run(s));
    found.next = std::max(found.next, s.integer(19) + 1);
  }
  return found;
}

void sqlite_store::lock_competitor(std::int64_t) {
  // A writer's transaction holds the database's one write lock already.
}

std::vector<ranked_run_record> sqlite_store::runs_of(std::int64_t competitor) {
  return select_runs("WHERE r.competitor = ?", competitor);
}

std::vector<ranked_run_record> sqlite_store::latest_attempt(std::int64_t competitor,
                                                            std::string_view challenge) {
  const std::string from = " FROM runs r JOIN competitors c ON c.id = r.competitor ";
  const std::string columns = run_columns(has_reference_, has_bot_, has_node_);
  // UNION: the latest deal's run is often the latest attempt's too.
  const std::string sql = columns + from + sqlite_latest_attempt + " UNION " + columns + from +
                          sqlite_latest_deal + play_order;
  statement s(db_, path_, sql.c_str());
  s.bind(1, competitor);
  s.bind(2, challenge);
  std::vector<ranked_run_record> list;
  while (s.step())
    list.push_back(read_run(s));
  return list;
}

std::optional<ranked_run_record> sqlite_store::run_by_number(std::uint64_t run) {
  const std::string sql = run_columns(has_reference_, has_bot_, has_node_) +
                          ", r.moves FROM runs r JOIN competitors c ON c.id = r.competitor "
                          "WHERE r.run = ? AND r.run != 0";
  statement s(db_, path_, sql.c_str());
  s.bind(1, static_cast<std::int64_t>(run));
  if (!s.step()) return std::nullopt;
  ranked_run_record r = read_run(s);
  r.moves = s.text(19);
  return r;
}

std::uint64_t sqlite_store::last_run_number() {
  // Runs a reset deleted keep their numbers: the meta table remembers them.
  statement s(db_, path_,
              "SELECT MAX(COALESCE((SELECT MAX(run) FROM runs), 0), "
              "COALESCE((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'runs_numbered'), 0), "
              "COALESCE((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'runs_claimed'), 0))");
  return s.step() ? static_cast<std::uint64_t>(s.integer(0)) : 0;
}

std::size_t sqlite_store::delete_runs() {
  set_meta("runs_numbered", std::to_string(last_run_number()));
  exec("DELETE FROM runs");
  return static_cast<std::size_t>(sqlite3_changes(db_));
}

ranked_run_record sqlite_store::read_run(statement& s) {
  ranked_run_record r;
  r.competitor = s.integer(0);
  r.competitor_name = s.text(1);
  r.challenge = s.text(2);
  r.deal = static_cast<std::uint32_t>(s.integer(3));
  r.attempt = static_cast<std::uint32_t>(s.integer(4));
  r.status = stored_status(s.text(5));
  r.steps = static_cast<std::uint64_t>(s.integer(6));
  r.bumps = static_cast<std::uint64_t>(s.integer(7));
  r.score = static_cast<std::uint64_t>(s.integer(8));
  r.optimal = static_cast<std::uint64_t>(s.integer(9));
  r.ratio = s.real(10);
  r.found = static_cast<std::uint32_t>(s.integer(11));
  r.treasures = static_cast<std::uint32_t>(s.integer(12));
  r.started_at_ms = s.integer(13);
  r.ended_at_ms = s.integer(14);
  r.run = static_cast<std::uint64_t>(s.integer(15));
  r.reference = static_cast<std::uint64_t>(s.integer(16));
  r.bot = s.text(17);
  r.node = s.text(18);
  return r;
}

std::size_t sqlite_store::interrupt_in_play(std::int64_t now_ms, bool whole_attempts,
                                            std::string_view own, std::int64_t dead_before_ms) {
  const std::string sql =
      whole_attempts
          // A whole attempt goes back: its set's mazes ended before too.
          ? std::string(sqlite_interrupt_attempts) +
                "(competitor, challenge, attempt) IN (SELECT competitor, challenge, attempt "
                "FROM runs WHERE " +
                sqlite_given_back + ")"
          : std::string("UPDATE runs SET status = 'interrupted', ended_at_ms = ?1 WHERE ") +
                sqlite_given_back;
  statement s(db_, path_, sql.c_str());
  s.bind(1, now_ms).bind(2, own).bind(3, dead_before_ms).run();
  return static_cast<std::size_t>(sqlite3_changes(db_));
}

void sqlite_store::beat(std::string_view node, std::string_view boot, std::int64_t now_ms) {
  statement s(db_, path_,
              "INSERT INTO nodes(name, boot, seen_ms) VALUES(?, ?, ?) "
              "ON CONFLICT(name) DO UPDATE SET boot = excluded.boot, seen_ms = excluded.seen_ms");
  s.bind(1, node).bind(2, boot).bind(3, now_ms).run();
}

std::optional<node_beat> sqlite_store::last_beat(std::string_view node) {
  statement s(db_, path_, "SELECT boot, seen_ms FROM nodes WHERE name = ?");
  s.bind(1, node);
  if (!s.step()) return std::nullopt;
  return node_beat{s.text(0), s.integer(1)};
}

void sqlite_store::publish_runs(std::string_view node, std::int64_t now_ms,
                                std::string_view document) {
  statement s(db_, path_,
              "INSERT INTO node_runs(node, written_ms, document) VALUES(?, ?, ?) "
              "ON CONFLICT(node) DO UPDATE SET written_ms = excluded.written_ms, "
              "document = excluded.document WHERE node_runs.document <> excluded.document");
  s.bind(1, node).bind(2, now_ms).bind(3, document).run();
}

std::vector<published_runs_record> sqlite_store::published_runs(
    std::string_view except, std::int64_t since_ms,
    const std::map<std::string, std::int64_t, std::less<>>& known) {
  statement s(db_, path_,
              "SELECT r.node, r.written_ms FROM node_runs r JOIN nodes n ON n.name = r.node "
              "WHERE r.node <> ? AND n.seen_ms >= ? ORDER BY r.node");
  s.bind(1, except).bind(2, since_ms);
  std::vector<published_runs_record> found;
  while (s.step())
    found.push_back({s.text(0), s.integer(1)});
  for (published_runs_record& r : found) {
    const auto seen = known.find(r.node);
    if (seen != known.end() && seen->second == r.written_ms) continue;
    statement document(db_, path_, "SELECT document FROM node_runs WHERE node = ?");
    document.bind(1, r.node);
    if (document.step()) r.document = document.text(0);
  }
  return found;
}

std::vector<std::string> sqlite_store::living_nodes(std::int64_t since_ms) {
  statement s(db_, path_, "SELECT name FROM nodes WHERE seen_ms >= ? ORDER BY name");
  s.bind(1, since_ms);
  std::vector<std::string> names;
  while (s.step())
    names.push_back(s.text(0));
  return names;
}

std::size_t sqlite_store::interrupt_attempt(std::int64_t competitor, std::string_view challenge,
                                            std::uint32_t attempt, std::int64_t now_ms) {
  const std::string sql = std::string(sqlite_interrupt_attempts) +
                          "competitor = ?2 AND challenge = ?3 AND attempt = ?4";
  statement s(db_, path_, sql.c_str());
  s.bind(1, now_ms).bind(2, competitor).bind(3, challenge).bind(4, std::int64_t{attempt}).run();
  return static_cast<std::size_t>(sqlite3_changes(db_));
}

bool sqlite_store::hand_off_run(std::uint64_t run, std::string_view from, std::string_view to,
                                std::string_view moves) {
  statement s(db_, path_,
              "UPDATE runs SET node = ?, moves = ? "
              "WHERE run = ? AND run <> 0 AND node = ? AND status = 'in_play'");
  s.bind(1, to).bind(2, moves).bind(3, static_cast<std::int64_t>(run)).bind(4, from).run();
  return sqlite3_changes(db_) == 1;
}

void sqlite_store::record_hello(const hello_record& hello, std::int64_t now_ms) {
  statement s(db_, path_,
              "INSERT INTO seats(competitor, node, boot, since_ms) VALUES(?, ?, ?, ?) "
              "ON CONFLICT(competitor) DO UPDATE SET node = excluded.node, boot = excluded.boot, "
              "since_ms = excluded.since_ms");
  s.bind(1, hello.competitor).bind(2, hello.node).bind(3, hello.boot).bind(4, now_ms).run();
}

std::optional<hello_record> sqlite_store::latest_hello_of(std::int64_t competitor) {
  statement s(db_, path_, "SELECT competitor, node, boot FROM seats WHERE competitor = ?");
  s.bind(1, competitor);
  if (!s.step()) return std::nullopt;
  return hello_record{s.integer(0), s.text(1), s.text(2)};
}

std::vector<hello_record> sqlite_store::latest_hellos() {
  statement s(db_, path_, "SELECT competitor, node, boot FROM seats ORDER BY competitor");
  std::vector<hello_record> list;
  while (s.step())
    list.push_back({s.integer(0), s.text(1), s.text(2)});
  return list;
}

std::uint64_t sqlite_store::claim_run_numbers(std::uint64_t count) {
  // Inside the caller's transaction, which holds SQLite's one write lock.
  const std::uint64_t first = last_run_number() + 1;
  set_meta("runs_claimed", std::to_string(first + count - 1));
  return first;
}

std::string sqlite_store::integrity_check() {
  statement s(db_, path_, "PRAGMA integrity_check");
  std::string answer;
  while (s.step())
    answer += (answer.empty() ? "" : "\n") + s.text(0);
  return answer;
}

}  // namespace ariadne
