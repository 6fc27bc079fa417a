#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

struct pg_conn;
struct pg_result;

namespace ariadne {

// One libpq connection, RAII: the PGconn and every PGresult are freed by
// their owners. Statements are prepared once per connection and prepared
// again after a reconnection. Calls block, each for at most answer_limit;
// errors throw store_error naming the database without its password. Not
// thread-safe.
class postgres_connection {
 public:
  // A statement not answered within this is an error and the connection is
  // dropped: a proxy in front of a database in failover keeps the TCP
  // connection alive, and libpq alone would wait for ever.
  static constexpr std::chrono::seconds answer_limit{15};

  // A query's rows, as text (libpq's text format), freed with it.
  class result {
   public:
    explicit result(pg_result* raw);
    int rows() const;
    bool null(int row, int column) const;
    std::string text(int row, int column) const;
    std::int64_t integer(int row, int column) const;
    double real(int row, int column) const;
    bool boolean(int row, int column) const;
    // Rows an INSERT, UPDATE or DELETE changed.
    std::size_t changed() const;
    // The command's tag ("COMMIT", or "ROLLBACK" for an aborted transaction's).
    std::string command() const;

   private:
    struct free_result {
      void operator()(pg_result* raw) const;
    };
    std::unique_ptr<pg_result, free_result> raw_;
  };

  // Connects; throws store_error when the server cannot be reached or refuses.
  postgres_connection(std::string uri, std::string shown);
  ~postgres_connection();
  postgres_connection(const postgres_connection&) = delete;
  postgres_connection& operator=(const postgres_connection&) = delete;

  // A statement run by name (run()); `sql` numbers its parameters $1, $2...
  void prepare(std::string name, std::string sql);
  // A plain statement or several (no parameters).
  result exec(std::string_view sql);
  // A prepared statement with its parameters as text.
  result run(const std::string& name, const std::vector<std::string>& parameters = {});

  // False once the connection is lost (the server restarted or went away).
  bool healthy() const;
  // Connects again and prepares the statements again; throws store_error.
  void reconnect();
  // True inside a transaction block (BEGIN ... COMMIT), aborted ones included.
  bool in_transaction() const;
  const std::string& shown() const { return shown_; }

 private:
  struct statement {
    std::string name;
    std::string sql;
  };
  void connect();
  void prepare_on_server(const statement& s);
  // Throws unless raw is a success (a command, or rows).
  result checked(pg_result* raw, std::string_view what);
  // The answer to what was just sent (sent: a PQsend* call's return), as
  // PQexec gives it (its first error, else its last result), waited for
  // no longer than answer_limit.
  result answer(int sent, std::string_view what);

  std::string uri_;
  std::string shown_;
  pg_conn* conn_ = nullptr;
  std::vector<statement> statements_;
};

// A libpq URI with its password (user:PASSWORD@, password=...) taken out,
// for logs and errors.
std::string without_password(std::string_view uri);

// Parameters as text, the way libpq's text format takes them.
std::string pg_text(std::int64_t value);
std::string pg_text(double value);

}  // namespace ariadne
