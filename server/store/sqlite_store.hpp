#pragma once

#include <memory>
#include <set>
#include <string>

#include "server/store/results_store.hpp"

struct sqlite3;

namespace ariadne {

class sqlite_statement;

// results_store on one SQLite file in WAL mode: one writer (the server's
// store thread, or ariadne-admin) and any number of readers at once. Every
// commit is durable (synchronous=FULL) before it returns. One connection:
// not thread-safe.
class sqlite_store : public results_store {
 public:
  using access = store_access;

  // Opens (read_write: creates when missing) and brings the schema up to
  // date; throws store_error.
  explicit sqlite_store(const std::string& path, access mode = access::read_write);
  ~sqlite_store() override;

  sqlite_store(const sqlite_store&) = delete;
  sqlite_store& operator=(const sqlite_store&) = delete;

  void begin() override;
  void commit() override;
  void rollback() override;

  std::optional<std::string> meta(std::string_view key) override;
  void set_meta(std::string_view key, std::string_view value) override;
  std::vector<std::pair<std::string, std::string>> every_meta() override;

  bool add_competitor(std::string_view name, std::string_view token_hash,
                      std::int64_t now_ms) override;
  bool set_token(std::string_view name, std::string_view token_hash) override;
  bool revoke(std::string_view name) override;
  std::vector<competitor_record> competitors() override;
  std::optional<competitor_record> competitor_by_token(std::string_view token_hash) override;

  std::vector<challenge_record> challenges() override;
  void put_challenge(const challenge_record& challenge) override;

  bool insert_run(const ranked_run_record& run) override;
  void finish_run(const ranked_run_record& run) override;
  std::vector<ranked_run_record> runs() override;
  changes runs_changed_since(std::int64_t from) override;
  std::vector<ranked_run_record> runs_of(std::int64_t competitor) override;
  std::vector<ranked_run_record> latest_attempt(std::int64_t competitor,
                                                std::string_view challenge) override;
  void lock_competitor(std::int64_t competitor) override;
  std::optional<ranked_run_record> run_by_number(std::uint64_t run) override;
  std::uint64_t last_run_number() override;
  std::size_t delete_runs() override;
  std::size_t interrupt_in_play(std::int64_t now_ms, bool whole_attempts, std::string_view own,
                                std::int64_t dead_before_ms) override;
  void beat(std::string_view node, std::string_view boot, std::int64_t now_ms) override;
  std::optional<node_beat> last_beat(std::string_view node) override;
  void publish_runs(std::string_view node, std::int64_t now_ms, std::string_view document) override;
  std::vector<published_runs_record> published_runs(
      std::string_view except, std::int64_t since_ms,
      const std::map<std::string, std::int64_t, std::less<>>& known) override;
  std::vector<std::string> living_nodes(std::int64_t since_ms) override;
  std::size_t interrupt_attempt(std::int64_t competitor, std::string_view challenge,
                                std::uint32_t attempt, std::int64_t now_ms) override;
  bool hand_off_run(std::uint64_t run, std::string_view from, std::string_view to,
                    std::string_view moves) override;
  void record_hello(const hello_record& hello, std::int64_t now_ms) override;
  std::vector<hello_record> latest_hellos() override;
  std::optional<hello_record> latest_hello_of(std::int64_t competitor) override;
  std::uint64_t claim_run_numbers(std::uint64_t count) override;

  // PRAGMA integrity_check: "ok" when the file is sound.
  std::string integrity_check() override;

 private:
  using statement = sqlite_statement;
  // A row of the runs query's first 16 columns (runs(), run_by_number()).
  static ranked_run_record read_run(statement& s);
  // The runs (of one competitor, bound to `where`'s one parameter), in order.
  std::vector<ranked_run_record> select_runs(const char* where,
                                             std::optional<std::int64_t> competitor);
  void exec(const char* sql);
  // The pragmas, the schema and its migrations (read_write), or what an
  // older database lacks (read_only).
  void set_up(access mode);
  // The schema's steps up to store_schema_version, in the caller's transaction.
  void migrate();
  // The names of the runs table's columns.
  std::set<std::string> runs_columns();
  // Refuses a database whose schema is newer than store_schema_version.
  void check_version();
  [[noreturn]] void fail(const std::string& what);

  sqlite3* db_ = nullptr;
  std::string path_;
  // False for a database read-only and older than reference marks: its runs
  // read a reference of 0.
  bool has_reference_ = true;
  bool has_bot_ = true;
  bool has_node_ = true;
  bool has_row_version_ = true;
  bool read_only_ = false;
};

}  // namespace ariadne
