#include "server/store/sqlite_store.hpp"

#include <sqlite3.h>

#include <set>
#include <utility>

#include "server/store/sqlite_statement.hpp"
#include "server/store/store_error.hpp"

namespace ariadne {

namespace {

constexpr const char* schema = R"sql(
CREATE TABLE IF NOT EXISTS meta(
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS competitors(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  token_hash TEXT NOT NULL UNIQUE,
  revoked INTEGER NOT NULL DEFAULT 0,
  created_at_ms INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS challenges(
  id TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  weight REAL NOT NULL,
  definition TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs(
  competitor INTEGER NOT NULL REFERENCES competitors(id),
  challenge TEXT NOT NULL,
  deal INTEGER NOT NULL,
  attempt INTEGER NOT NULL,
  status TEXT NOT NULL,
  steps INTEGER NOT NULL DEFAULT 0,
  bumps INTEGER NOT NULL DEFAULT 0,
  score INTEGER NOT NULL DEFAULT 0,
  optimal INTEGER NOT NULL DEFAULT 0,
  ratio REAL NOT NULL DEFAULT 0,
  found INTEGER NOT NULL DEFAULT 0,
  treasures INTEGER NOT NULL DEFAULT 0,
  started_at_ms INTEGER NOT NULL,
  ended_at_ms INTEGER NOT NULL DEFAULT 0,
  run INTEGER NOT NULL DEFAULT 0,
  moves TEXT NOT NULL DEFAULT '',
  reference INTEGER NOT NULL DEFAULT 0,
  bot TEXT NOT NULL DEFAULT '',
  PRIMARY KEY(competitor, challenge, deal));
)sql";

// The columns of runs added since the first schema, by the column that tells
// they are there.
constexpr std::pair<const char*, const char*> added_columns[] = {
    {"moves",
     "ALTER TABLE runs ADD COLUMN run INTEGER NOT NULL DEFAULT 0; "
     "ALTER TABLE runs ADD COLUMN moves TEXT NOT NULL DEFAULT ''"},
    {"reference", "ALTER TABLE runs ADD COLUMN reference INTEGER NOT NULL DEFAULT 0"},
    {"bot", "ALTER TABLE runs ADD COLUMN bot TEXT NOT NULL DEFAULT ''"},
};

}  // namespace

sqlite_store::sqlite_store(const std::string& path, access mode)
    : path_(path), read_only_(mode == access::read_only) {
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
    exec(schema);
    // A database made before replays were kept, before reference marks or
    // before bots named themselves: add their columns.
    const std::set<std::string> had = runs_columns();
    for (const auto& [column, sql] : added_columns) {
      if (had.count(column) == 0) exec(sql);
    }
    exec("CREATE INDEX IF NOT EXISTS runs_by_number ON runs(run)");
    // The runs in play, few whatever the runs' number: a restart after a
    // crash finds them at once.
    exec(
        "CREATE INDEX IF NOT EXISTS runs_in_play ON runs(competitor, challenge, attempt) "
        "WHERE status = 'in_play'");
    set_meta("schema_version", std::to_string(store_schema_version));
  } else {
    // Read-only (ariadne-admin): an older database is read as it is.
    const std::set<std::string> had = runs_columns();
    has_reference_ = had.count("reference") == 1;
    has_bot_ = had.count("bot") == 1;
  }
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

void sqlite_store::insert_run(const ranked_run_record& r) {
  statement s(db_, path_,
              "INSERT INTO runs(competitor, challenge, deal, attempt, status, treasures, "
              "started_at_ms, run, reference, bot) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  s.bind(1, r.competitor)
      .bind(2, r.challenge)
      .bind(3, std::int64_t{r.deal})
      .bind(4, std::int64_t{r.attempt})
      .bind(5, r.status)
      .bind(6, std::int64_t{r.treasures})
      .bind(7, r.started_at_ms)
      .bind(8, static_cast<std::int64_t>(r.run))
      .bind(9, static_cast<std::int64_t>(r.reference))
      .bind(10, r.bot);
  if (!s.run()) fail("a run recorded twice");
}

void sqlite_store::finish_run(const ranked_run_record& r) {
  statement s(db_, path_,
              "UPDATE runs SET status = ?, steps = ?, bumps = ?, score = ?, optimal = ?, "
              "ratio = ?, found = ?, treasures = ?, ended_at_ms = ?, moves = ? "
              "WHERE competitor = ? AND challenge = ? AND deal = ?");
  s.bind(1, r.status)
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
  if (sqlite3_changes(db_) != 1) fail("finishing a run that was never started");
}

namespace {

// The columns a run is read from (read_run); an older database read as it
// is lacks the reference and bot columns.
std::string run_columns(bool has_reference, bool has_bot) {
  return std::string(
             "SELECT r.competitor, c.name, r.challenge, r.deal, r.attempt, r.status, r.steps, "
             "r.bumps, r.score, r.optimal, r.ratio, r.found, r.treasures, r.started_at_ms, "
             "r.ended_at_ms, r.run, ") +
         (has_reference ? "r.reference" : "0") + (has_bot ? ", r.bot" : ", ''");
}

}  // namespace

std::vector<ranked_run_record> sqlite_store::runs() {
  const std::string sql = run_columns(has_reference_, has_bot_) +
                          " FROM runs r JOIN competitors c ON c.id = r.competitor "
                          "ORDER BY r.started_at_ms, r.competitor, r.challenge, r.deal";
  statement s(db_, path_, sql.c_str());
  std::vector<ranked_run_record> list;
  while (s.step())
    list.push_back(read_run(s));
  return list;
}

std::optional<ranked_run_record> sqlite_store::run_by_number(std::uint64_t run) {
  const std::string sql = run_columns(has_reference_, has_bot_) +
                          ", r.moves FROM runs r JOIN competitors c ON c.id = r.competitor "
                          "WHERE r.run = ? AND r.run != 0";
  statement s(db_, path_, sql.c_str());
  s.bind(1, static_cast<std::int64_t>(run));
  if (!s.step()) return std::nullopt;
  ranked_run_record r = read_run(s);
  r.moves = s.text(18);
  return r;
}

std::uint64_t sqlite_store::last_run_number() {
  // Runs a reset deleted keep their numbers: the meta table remembers them.
  statement s(
      db_, path_,
      "SELECT MAX(COALESCE((SELECT MAX(run) FROM runs), 0), "
      "COALESCE((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'runs_numbered'), 0))");
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
  r.status = s.text(5);
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
  return r;
}

std::size_t sqlite_store::interrupt_in_play(std::int64_t now_ms, bool whole_attempts) {
  statement s(db_, path_,
              whole_attempts
                  // A whole attempt goes back: its set's mazes ended before
                  // too (they keep their own end times).
                  ? "UPDATE runs SET status = 'interrupted', "
                    "ended_at_ms = CASE WHEN status = 'in_play' THEN ? ELSE ended_at_ms END "
                    "WHERE status <> 'interrupted' AND (competitor, challenge, attempt) IN "
                    "(SELECT competitor, challenge, attempt FROM runs WHERE status = 'in_play')"
                  : "UPDATE runs SET status = 'interrupted', ended_at_ms = ? "
                    "WHERE status = 'in_play'");
  s.bind(1, now_ms).run();
  return static_cast<std::size_t>(sqlite3_changes(db_));
}

std::string sqlite_store::integrity_check() {
  statement s(db_, path_, "PRAGMA integrity_check");
  std::string answer;
  while (s.step())
    answer += (answer.empty() ? "" : "\n") + s.text(0);
  return answer;
}

}  // namespace ariadne
