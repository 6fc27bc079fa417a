#pragma once

#include <utility>

namespace ariadne {

// The SQLite store's schema at store_schema_version, as a new database gets
// it, and the steps that bring an older one up to it.
inline constexpr const char* sqlite_schema = R"sql(
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
  node TEXT NOT NULL DEFAULT '',
  row_version INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY(competitor, challenge, deal));
CREATE TABLE IF NOT EXISTS nodes(
  name TEXT PRIMARY KEY,
  boot TEXT NOT NULL,
  seen_ms INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS seats(
  competitor INTEGER PRIMARY KEY,
  node TEXT NOT NULL,
  boot TEXT NOT NULL,
  since_ms INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS node_runs(
  node TEXT PRIMARY KEY,
  written_ms INTEGER NOT NULL,
  document TEXT NOT NULL);
)sql";

// The columns of runs added since the first schema, by the column that tells
// they are there.
inline constexpr std::pair<const char*, const char*> sqlite_added_columns[] = {
    {"moves",
     "ALTER TABLE runs ADD COLUMN run INTEGER NOT NULL DEFAULT 0; "
     "ALTER TABLE runs ADD COLUMN moves TEXT NOT NULL DEFAULT ''"},
    {"reference", "ALTER TABLE runs ADD COLUMN reference INTEGER NOT NULL DEFAULT 0"},
    {"bot", "ALTER TABLE runs ADD COLUMN bot TEXT NOT NULL DEFAULT ''"},
    {"node", "ALTER TABLE runs ADD COLUMN node TEXT NOT NULL DEFAULT ''"},
    {"row_version", "ALTER TABLE runs ADD COLUMN row_version INTEGER NOT NULL DEFAULT 0"},
};

// Each write of a run numbers it after every other (the writers take turns
// on the one write lock): a reader that read up to a number reads the
// numbers above it next (runs_changed_since). A reset's deletions start the
// numbers over; the reader reads everything again after a reset.
inline constexpr const char* sqlite_row_versions = R"sql(
CREATE INDEX IF NOT EXISTS runs_by_version ON runs(row_version);
CREATE INDEX IF NOT EXISTS runs_by_attempt ON runs(competitor, challenge, attempt);
CREATE TRIGGER IF NOT EXISTS runs_inserted AFTER INSERT ON runs BEGIN
  UPDATE runs SET row_version = (SELECT COALESCE(MAX(row_version), 0) + 1 FROM runs)
  WHERE rowid = NEW.rowid;
END;
CREATE TRIGGER IF NOT EXISTS runs_updated AFTER UPDATE ON runs
  WHEN NEW.row_version = OLD.row_version BEGIN
  UPDATE runs SET row_version = (SELECT MAX(row_version) + 1 FROM runs) WHERE rowid = NEW.rowid;
END;
)sql";

// Whole attempts given back: their runs are interrupted, those in play
// ending at ?1 (the ended keep their own end times); the attempts follow.
inline constexpr const char* sqlite_interrupt_attempts =
    "UPDATE runs SET status = 'interrupted', "
    "ended_at_ms = CASE WHEN status = 'in_play' THEN ?1 ELSE ended_at_ms END "
    "WHERE status <> 'interrupted' AND ";

// A competitor's (?1) runs of a challenge (?2) that its next deal depends
// on: its latest attempt's, given back ones aside, and its latest deal's.
// Two lookups joined (SQLite answers an OR of them by reading every run of
// the pair), from runs_by_attempt and the primary key.
inline constexpr const char* sqlite_latest_attempt =
    "WHERE r.competitor = ?1 AND r.challenge = ?2 AND r.status <> 'interrupted' "
    "AND r.attempt = (SELECT MAX(attempt) FROM runs "
    "WHERE competitor = ?1 AND challenge = ?2 AND status <> 'interrupted')";
inline constexpr const char* sqlite_latest_deal =
    "WHERE r.competitor = ?1 AND r.challenge = ?2 "
    "AND r.deal = (SELECT MAX(deal) FROM runs WHERE competitor = ?1 AND challenge = ?2)";

// The runs in play that a restart or a living server gives back: its own
// (?2, "" for none) and those of the nodes known dead (no beat since ?3).
inline constexpr const char* sqlite_given_back =
    "status = 'in_play' AND (node = ?2 OR node NOT IN "
    "(SELECT name FROM nodes WHERE seen_ms >= ?3))";

}  // namespace ariadne
