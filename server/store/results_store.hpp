#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "server/competition/records/records.hpp"

namespace ariadne {

// How a store is opened: read_write creates it when missing and brings an
// older schema up to date; read_only (ariadne-admin's reports) reads it as it
// is and writes nothing.
enum class store_access { read_write, read_only };

// The version of the results' schema, the same for every store and kept in
// meta('schema_version'): 1 the first, 2 replays (runs.run, runs.moves), 3
// reference marks (runs.reference), 4 bots' names (runs.bot), 5 several
// servers (runs.node, the nodes' heartbeats), 6 changes read alone
// (runs.row_version), 7 the runs each node lists (node_runs). A store opened
// on a newer database refuses it (store_error): an older server must not
// write into what it does not know.
inline constexpr int store_schema_version = 7;

// A server's last heartbeat in the store: which start of it (its boot id)
// and when (Unix ms).
struct node_beat {
  std::string boot;
  std::int64_t seen_ms = 0;
};

// The runs a node lists on /api/runs, as it last published them for the
// other servers: when (Unix ms, its version) and the document, left empty
// when the reader had this version already.
struct published_runs_record {
  std::string node;
  std::int64_t written_ms = 0;
  std::string document{};
};

// Where a competitor last said hello: the server (node) and its start (boot).
struct hello_record {
  std::int64_t competitor = 0;
  std::string node;
  std::string boot;
};

// Where a competition's results live. SQLite (sqlite_store) is the embedded
// default; postgres_store is shared by several server instances. Calls block and throw store_error:
// the server makes them on its store thread only (store_writer), never on an I/O thread.
class results_store {
 public:
  virtual ~results_store() = default;

  // One transaction around several calls (store_writer commits in groups).
  // On a store opened read_only, a snapshot: every read until rollback()
  // sees the database as it was at the first.
  virtual void begin() = 0;
  virtual void commit() = 0;
  virtual void rollback() = 0;

  virtual std::optional<std::string> meta(std::string_view key) = 0;
  virtual void set_meta(std::string_view key, std::string_view value) = 0;
  // Every key with its value, by key (ariadne-admin copy).
  virtual std::vector<std::pair<std::string, std::string>> every_meta() = 0;

  // False when the name is taken.
  virtual bool add_competitor(std::string_view name, std::string_view token_hash,
                              std::int64_t now_ms) = 0;
  // False when there is no such competitor. A new token also lifts a revocation.
  virtual bool set_token(std::string_view name, std::string_view token_hash) = 0;
  virtual bool revoke(std::string_view name) = 0;
  virtual std::vector<competitor_record> competitors() = 0;
  // The competitor holding the token of this hash, revoked ones excluded.
  virtual std::optional<competitor_record> competitor_by_token(std::string_view token_hash) = 0;

  virtual std::vector<challenge_record> challenges() = 0;
  virtual void put_challenge(const challenge_record& challenge) = 0;

  // A run that starts (status in_play): false, writing nothing, when its
  // deal (competitor, challenge, deal) is already taken (by another server
  // on the same store). Then the same run once it has ended: a store_error
  // when it is no longer in play there (another server gave it back, this
  // one being out of its reach too long); the same end written twice (a
  // retry after a lost answer) is written once and is no error.
  virtual bool insert_run(const ranked_run_record& run) = 0;
  virtual void finish_run(const ranked_run_record& run) = 0;
  // In the order of play (played_before).
  virtual std::vector<ranked_run_record> runs() = 0;
  // The runs written since an earlier call (from: its `next`; 0 for every
  // run), perhaps with some read before, in the order of runs(): a reader
  // that keeps them is up to date without reading every run again. Each
  // write of a run marks it (a trigger); rows deleted are not told (a reset).
  struct changes {
    std::vector<ranked_run_record> runs;
    std::int64_t next = 0;
  };
  virtual changes runs_changed_since(std::int64_t from) = 0;
  // One competitor's, in the same order.
  virtual std::vector<ranked_run_record> runs_of(std::int64_t competitor) = 0;
  // What an attempt book needs to deal a competitor's next maze of a
  // challenge (attempt_book::take_stored), however many it played: the runs
  // of its latest attempt (given back ones aside) and its latest deal's, in
  // the order of runs().
  virtual std::vector<ranked_run_record> latest_attempt(std::int64_t competitor,
                                                        std::string_view challenge) = 0;
  // Until the transaction ends, no other server's transaction that asks the
  // same gets past this for the same competitor (a claim reads its runs,
  // then writes one).
  virtual void lock_competitor(std::int64_t competitor) = 0;
  // One run with its moves, by the server's run number.
  virtual std::optional<ranked_run_record> run_by_number(std::uint64_t run) = 0;
  // The highest run number recorded (0 for none): a restarted server numbers on.
  virtual std::uint64_t last_run_number() = 0;
  // Deletes every ranked run (a reset of the results), keeping the numbers
  // they used: a later run never takes an old replay's address. Returns how
  // many.
  virtual std::size_t delete_runs() = 0;
  // Marks as interrupted the runs in play of node `own` (a server starting
  // again after a crash; "" for none) and of every node known dead: whose
  // last beat is before dead_before_ms, or that never beat. With them go
  // the runs of the same attempt (its set's mazes before it) unless not
  // whole_attempts (the attempt can no longer be played again: they keep
  // their results). Returns how many.
  virtual std::size_t interrupt_in_play(std::int64_t now_ms, bool whole_attempts,
                                        std::string_view own, std::int64_t dead_before_ms) = 0;

  // Gives back one attempt (a competitor's connection moved to another
  // server): its runs, ended or in play, are interrupted. Returns how many.
  virtual std::size_t interrupt_attempt(std::int64_t competitor, std::string_view challenge,
                                        std::uint32_t attempt, std::int64_t now_ms) = 0;
  // Hands a run in play over to another server (its competitor said hello
  // there): the run becomes node `to`'s, its moves so far kept with it for
  // that server to play them again. False, writing nothing, when the run is
  // not in play on node `from` (given back, or handed already).
  virtual bool hand_off_run(std::uint64_t run, std::string_view from, std::string_view to,
                            std::string_view moves) = 0;
  // The latest hello of a competitor, on any server (the table "seats"); and
  // every competitor's.
  virtual void record_hello(const hello_record& hello, std::int64_t now_ms) = 0;
  virtual std::vector<hello_record> latest_hellos() = 0;
  virtual std::optional<hello_record> latest_hello_of(std::int64_t competitor) = 0;
  // A server's heartbeat, and the last one a node gave.
  virtual void beat(std::string_view node, std::string_view boot, std::int64_t now_ms) = 0;
  virtual std::optional<node_beat> last_beat(std::string_view node) = 0;
  // The nodes that beat at since_ms or later, by name.
  virtual std::vector<std::string> living_nodes(std::int64_t since_ms) = 0;
  // This node's runs as /api/runs lists them (a JSON document), for the
  // others (its version stays when the document is the same); and those of
  // the other nodes that beat at since_ms or later, by name, each document
  // read only when its version is not known's.
  virtual void publish_runs(std::string_view node, std::int64_t now_ms,
                            std::string_view document) = 0;
  virtual std::vector<published_runs_record> published_runs(
      std::string_view except, std::int64_t since_ms,
      const std::map<std::string, std::int64_t, std::less<>>& known) = 0;
  // Claims `count` run numbers that no server has used or claimed (after
  // last_run_number(), which counts them from then on): the first of them.
  virtual std::uint64_t claim_run_numbers(std::uint64_t count) = 0;

  // "ok" when the store is sound, else one line per problem found
  // (ariadne-admin check).
  virtual std::string integrity_check() = 0;
};

}  // namespace ariadne
