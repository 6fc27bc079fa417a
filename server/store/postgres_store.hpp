#pragma once

#include <string>

#include "server/store/postgres_connection.hpp"
#include "server/store/results_store.hpp"

namespace ariadne {

// results_store on a PostgreSQL database (libpq), which several servers and
// ariadne-admin may use at once. Every statement is prepared; a commit is
// durable when it returns (the server's synchronous_commit, on by default).
// A lost connection is opened again at the next transaction. One
// connection: not thread-safe.
class postgres_store : public results_store {
 public:
  // Connects and (read_write) creates the schema or brings it up to date;
  // throws store_error.
  explicit postgres_store(const std::string& uri, store_access mode = store_access::read_write);

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
  std::vector<std::string> living_nodes(std::int64_t since_ms) override;
  void publish_runs(std::string_view node, std::int64_t now_ms, std::string_view document) override;
  std::vector<published_runs_record> published_runs(
      std::string_view except, std::int64_t since_ms,
      const std::map<std::string, std::int64_t, std::less<>>& known) override;
  std::size_t interrupt_attempt(std::int64_t competitor, std::string_view challenge,
                                std::uint32_t attempt, std::int64_t now_ms) override;
  bool hand_off_run(std::uint64_t run, std::string_view from, std::string_view to,
                    std::string_view moves) override;
  void record_hello(const hello_record& hello, std::int64_t now_ms) override;
  std::vector<hello_record> latest_hellos() override;
  std::optional<hello_record> latest_hello_of(std::int64_t competitor) override;
  std::uint64_t claim_run_numbers(std::uint64_t count) override;
  // The rows' consistency (PostgreSQL checks its own pages): run numbers
  // used once, every run of a known challenge.
  std::string integrity_check() override;

 private:
  void migrate();
  // The schema version the database holds (0 for none).
  int schema_version();
  void prepare_statements();
  // A prepared statement, on a connection opened again if it was lost
  // outside a transaction.
  postgres_connection::result run(const std::string& name,
                                  const std::vector<std::string>& parameters = {});
  static ranked_run_record read_run(const postgres_connection::result& rows, int row);

  postgres_connection db_;
  store_access mode_;
  bool in_transaction_ = false;
};

}  // namespace ariadne
