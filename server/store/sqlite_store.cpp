#include "server/store/sqlite_store.hpp"

#include <sqlite3.h>

#include "server/store/store_error.hpp"

namespace ariadne {

// A prepared statement, finalized when it goes out of scope.
class sqlite_store::statement {
 public:
  statement(sqlite_store& store, const char* sql) : store_(store) {
    if (sqlite3_prepare_v2(store.db_, sql, -1, &stmt_, nullptr) != SQLITE_OK) {
      store.fail("preparing a statement");
    }
  }
  ~statement() { sqlite3_finalize(stmt_); }
  statement(const statement&) = delete;
  statement& operator=(const statement&) = delete;

  statement& bind(int index, std::string_view text) {
    check(sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()),
                            SQLITE_TRANSIENT));
    return *this;
  }
  statement& bind(int index, std::int64_t value) {
    check(sqlite3_bind_int64(stmt_, index, value));
    return *this;
  }
  statement& bind(int index, double value) {
    check(sqlite3_bind_double(stmt_, index, value));
    return *this;
  }
  // True while there is a row to read; throws on an error.
  bool step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    store_.fail("a statement");
  }
  // Runs a statement that returns no rows; false on a constraint violation.
  bool run() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_DONE) return true;
    if (rc == SQLITE_CONSTRAINT) return false;
    store_.fail("a statement");
  }
  std::int64_t integer(int column) { return sqlite3_column_int64(stmt_, column); }
  double real(int column) { return sqlite3_column_double(stmt_, column); }
  std::string text(int column) {
    const auto* p = sqlite3_column_text(stmt_, column);
    return p ? std::string(reinterpret_cast<const char*>(p)) : std::string();
  }

 private:
  void check(int rc) {
    if (rc != SQLITE_OK) store_.fail("binding a value");
  }
  sqlite_store& store_;
  sqlite3_stmt* stmt_ = nullptr;
};

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

}  // namespace

sqlite_store::sqlite_store(const std::string& path, access mode) : path_(path) {
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
  if (mode == access::read_write) {
    exec("PRAGMA journal_mode=WAL");
    exec("PRAGMA synchronous=FULL");
    exec("PRAGMA foreign_keys=ON");
    exec(schema);
    // A database made before replays were kept, before reference marks or
    // before bots named themselves: add their columns.
    bool has_moves = false;
    bool has_reference = false;
    bool has_bot = false;
    {
      statement columns(*this, "PRAGMA table_info(runs)");
      while (columns.step()) {
        has_moves = has_moves || columns.text(1) == "moves";
        has_reference = has_reference || columns.text(1) == "reference";
        has_bot = has_bot || columns.text(1) == "bot";
      }
    }
    if (!has_moves) {
      exec("ALTER TABLE runs ADD COLUMN run INTEGER NOT NULL DEFAULT 0");
      exec("ALTER TABLE runs ADD COLUMN moves TEXT NOT NULL DEFAULT ''");
    }
    if (!has_reference) exec("ALTER TABLE runs ADD COLUMN reference INTEGER NOT NULL DEFAULT 0");
    if (!has_bot) exec("ALTER TABLE runs ADD COLUMN bot TEXT NOT NULL DEFAULT ''");
    exec("CREATE INDEX IF NOT EXISTS runs_by_number ON runs(run)");
  } else {
    // Read-only (ariadne-admin): an older database is read as it is.
    statement columns(*this, "PRAGMA table_info(runs)");
    has_reference_ = false;
    has_bot_ = false;
    while (columns.step()) {
      has_reference_ = has_reference_ || columns.text(1) == "reference";
      has_bot_ = has_bot_ || columns.text(1) == "bot";
    }
  }
}

sqlite_store::~sqlite_store() {
  sqlite3_close(db_);
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
  exec("BEGIN IMMEDIATE");
}
void sqlite_store::commit() {
  exec("COMMIT");
}
void sqlite_store::rollback() {
  if (sqlite3_get_autocommit(db_) == 0) exec("ROLLBACK");
}

std::optional<std::string> sqlite_store::meta(std::string_view key) {
  statement s(*this, "SELECT value FROM meta WHERE key = ?");
  s.bind(1, key);
  if (!s.step()) return std::nullopt;
  return s.text(0);
}

void sqlite_store::set_meta(std::string_view key, std::string_view value) {
  statement s(*this,
              "INSERT INTO meta(key, value) VALUES(?, ?) "
              "ON CONFLICT(key) DO UPDATE SET value = excluded.value");
  s.bind(1, key).bind(2, value).run();
}

bool sqlite_store::add_competitor(std::string_view name, std::string_view token_hash,
                                  std::int64_t now_ms) {
  statement s(*this, "INSERT INTO competitors(name, token_hash, created_at_ms) VALUES(?, ?, ?)");
  return s.bind(1, name).bind(2, token_hash).bind(3, now_ms).run();
}

bool sqlite_store::set_token(std::string_view name, std::string_view token_hash) {
  statement s(*this, "UPDATE competitors SET token_hash = ?, revoked = 0 WHERE name = ?");
  s.bind(1, token_hash).bind(2, name).run();
  return sqlite3_changes(db_) == 1;
}

bool sqlite_store::revoke(std::string_view name) {
  statement s(*this, "UPDATE competitors SET revoked = 1 WHERE name = ?");
  s.bind(1, name).run();
  return sqlite3_changes(db_) == 1;
}

std::vector<competitor_record> sqlite_store::competitors() {
  statement s(*this,
              "SELECT id, name, revoked, created_at_ms, token_hash FROM competitors ORDER BY id");
  std::vector<competitor_record> list;
  while (s.step()) {
    list.push_back({s.integer(0), s.text(1), s.integer(2) != 0, s.integer(3), s.text(4)});
  }
  return list;
}

std::optional<competitor_record> sqlite_store::competitor_by_token(std::string_view token_hash) {
  statement s(*this,
              "SELECT id, name, revoked, created_at_ms, token_hash FROM competitors "
              "WHERE token_hash = ? AND revoked = 0");
  s.bind(1, token_hash);
  if (!s.step()) return std::nullopt;
  return competitor_record{s.integer(0), s.text(1), s.integer(2) != 0, s.integer(3), s.text(4)};
}

std::vector<challenge_record> sqlite_store::challenges() {
  statement s(*this, "SELECT id, position, weight, definition FROM challenges ORDER BY position");
  std::vector<challenge_record> list;
  while (s.step()) {
    list.push_back({s.text(0), static_cast<std::int32_t>(s.integer(1)), s.real(2), s.text(3)});
  }
  return list;
}

void sqlite_store::put_challenge(const challenge_record& c) {
  statement s(*this,
              "INSERT INTO challenges(id, position, weight, definition) VALUES(?, ?, ?, ?) "
              "ON CONFLICT(id) DO UPDATE SET position = excluded.position, "
              "weight = excluded.weight, definition = excluded.definition");
  s.bind(1, c.id).bind(2, std::int64_t{c.position}).bind(3, c.weight).bind(4, c.definition).run();
}

void sqlite_store::insert_run(const ranked_run_record& r) {
  statement s(*this,
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
  statement s(*this,
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
  statement s(*this, sql.c_str());
  std::vector<ranked_run_record> list;
  while (s.step())
    list.push_back(read_run(s));
  return list;
}

std::optional<ranked_run_record> sqlite_store::run_by_number(std::uint64_t run) {
  const std::string sql = run_columns(has_reference_, has_bot_) +
                          ", r.moves FROM runs r JOIN competitors c ON c.id = r.competitor "
                          "WHERE r.run = ? AND r.run != 0";
  statement s(*this, sql.c_str());
  s.bind(1, static_cast<std::int64_t>(run));
  if (!s.step()) return std::nullopt;
  ranked_run_record r = read_run(s);
  r.moves = s.text(18);
  return r;
}

std::uint64_t sqlite_store::last_run_number() {
  // Runs a reset deleted keep their numbers: the meta table remembers them.
  statement s(
      *this,
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
  statement s(*this, whole_attempts
                         // A whole attempt goes back: its set's mazes ended before
                         // too (they keep their own end times).
                         ? "UPDATE runs SET status = 'interrupted', "
                           "ended_at_ms = CASE WHEN status = 'in_play' THEN ? ELSE ended_at_ms END "
                           "WHERE status <> 'interrupted' AND EXISTS (SELECT 1 FROM runs AS live "
                           "WHERE live.status = 'in_play' AND live.competitor = runs.competitor "
                           "AND live.challenge = runs.challenge AND live.attempt = runs.attempt)"
                         : "UPDATE runs SET status = 'interrupted', ended_at_ms = ? "
                           "WHERE status = 'in_play'");
  s.bind(1, now_ms).run();
  return static_cast<std::size_t>(sqlite3_changes(db_));
}

std::string sqlite_store::integrity_check() {
  statement s(*this, "PRAGMA integrity_check");
  std::string answer;
  while (s.step())
    answer += (answer.empty() ? "" : "\n") + s.text(0);
  return answer;
}

}  // namespace ariadne
