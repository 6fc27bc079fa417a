#include "server/store/postgres_connection.hpp"

#include <libpq-fe.h>
#include <poll.h>

#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <system_error>

#include "server/store/store_error.hpp"

namespace ariadne {

namespace {

// libpq's message without its trailing newline.
std::string message_of(const char* text) {
  std::string message = text != nullptr ? text : "";
  while (!message.empty() && (message.back() == '\n' || message.back() == ' '))
    message.pop_back();
  return message.empty() ? "unknown error" : message;
}

}  // namespace

std::string without_password(std::string_view uri) {
  std::string shown(uri);
  // postgresql://user:secret@host: the part between the user's colon and '@'.
  const auto scheme_end = shown.find("://");
  if (scheme_end != std::string::npos) {
    const auto authority = scheme_end + 3;
    const auto at = shown.find('@', authority);
    const auto slash = shown.find('/', authority);
    if (at != std::string::npos && (slash == std::string::npos || at < slash)) {
      const auto colon = shown.find(':', authority);
      if (colon != std::string::npos && colon < at) shown.erase(colon, at - colon);
    }
  }
  // ...?password=secret&...: the parameter goes.
  const auto question = shown.find('?');
  if (question == std::string::npos) return shown;
  std::string kept;
  std::string_view query = std::string_view(shown).substr(question + 1);
  while (!query.empty()) {
    const auto amp = query.find('&');
    const std::string_view parameter = query.substr(0, amp);
    if (!parameter.starts_with("password=")) {
      kept += kept.empty() ? "?" : "&";
      kept += parameter;
    }
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
  }
  shown = shown.substr(0, question) + kept;
  return shown;
}

void postgres_connection::result::free_result::operator()(pg_result* raw) const {
  PQclear(raw);
}

postgres_connection::result::result(pg_result* raw) : raw_(raw) {}

int postgres_connection::result::rows() const {
  return PQntuples(raw_.get());
}

bool postgres_connection::result::null(int row, int column) const {
  return PQgetisnull(raw_.get(), row, column) != 0;
}

std::string postgres_connection::result::text(int row, int column) const {
  return std::string(PQgetvalue(raw_.get(), row, column),
                     static_cast<std::size_t>(PQgetlength(raw_.get(), row, column)));
}

std::int64_t postgres_connection::result::integer(int row, int column) const {
  const char* value = PQgetvalue(raw_.get(), row, column);
  std::int64_t number = 0;
  const auto length = static_cast<std::size_t>(PQgetlength(raw_.get(), row, column));
  const auto [end, error] = std::from_chars(value, value + length, number);
  if (error != std::errc() || end != value + length) {
    throw store_error("the database gave \"" + std::string(value, length) +
                      "\" where a whole number belongs");
  }
  return number;
}

double postgres_connection::result::real(int row, int column) const {
  // PostgreSQL prints the shortest text that reads back as the same double.
  return std::strtod(PQgetvalue(raw_.get(), row, column), nullptr);
}

bool postgres_connection::result::boolean(int row, int column) const {
  return PQgetvalue(raw_.get(), row, column)[0] == 't';
}

std::size_t postgres_connection::result::changed() const {
  // Empty for a command that counts no rows.
  const std::string_view count = PQcmdTuples(raw_.get());
  std::size_t n = 0;
  if (count.empty()) return n;
  const auto [end, error] = std::from_chars(count.data(), count.data() + count.size(), n);
  if (error != std::errc() || end != count.data() + count.size()) {
    throw store_error("the database counted \"" + std::string(count) + "\" rows");
  }
  return n;
}

std::string postgres_connection::result::command() const {
  return PQcmdStatus(raw_.get());
}

postgres_connection::postgres_connection(std::string uri, std::string shown)
    : uri_(std::move(uri)), shown_(std::move(shown)) {
  connect();
}

postgres_connection::~postgres_connection() {
  PQfinish(conn_);
}

void postgres_connection::connect() {
  PQfinish(conn_);
  // Defaults the URI may override: a server that does not answer is an
  // error within seconds, and a dead one is noticed within seconds while a
  // statement waits (libpq would wait for ever).
  const char* keys[] = {"connect_timeout",
                        "keepalives_idle",
                        "keepalives_interval",
                        "keepalives_count",
                        "tcp_user_timeout",
                        "dbname",
                        nullptr};
  const char* values[] = {"5", "10", "5", "3", "15000", uri_.c_str(), nullptr};
  conn_ = PQconnectdbParams(keys, values, 1);
  if (conn_ == nullptr) throw store_error("database " + shown_ + ": out of memory");
  if (PQstatus(conn_) != CONNECTION_OK) {
    const std::string why = message_of(PQerrorMessage(conn_));
    PQfinish(conn_);
    conn_ = nullptr;
    throw store_error("cannot open the database " + shown_ + ": " + why);
  }
  // Notices (a table that already exists, ...) are not for the server's log.
  PQsetNoticeProcessor(
      conn_, [](void*, const char*) {}, nullptr);
}

void postgres_connection::reconnect() {
  connect();
  for (const statement& s : statements_)
    prepare_on_server(s);
}

bool postgres_connection::healthy() const {
  return conn_ != nullptr && PQstatus(conn_) == CONNECTION_OK;
}

bool postgres_connection::in_transaction() const {
  if (conn_ == nullptr) return false;
  const auto status = PQtransactionStatus(conn_);
  return status == PQTRANS_INTRANS || status == PQTRANS_INERROR;
}

postgres_connection::result postgres_connection::checked(pg_result* raw, std::string_view what) {
  result got(raw);
  const auto status = raw != nullptr ? PQresultStatus(raw) : PGRES_FATAL_ERROR;
  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return got;
  const std::string why =
      raw != nullptr ? message_of(PQresultErrorMessage(raw)) : message_of(PQerrorMessage(conn_));
  throw store_error("database " + shown_ + ": " + std::string(what) + ": " + why);
}

postgres_connection::result postgres_connection::answer(int sent, std::string_view what) {
  if (sent != 1) return checked(nullptr, what);
  const auto deadline = std::chrono::steady_clock::now() + answer_limit;
  PGresult* kept = nullptr;  // the first error, else the latest result
  for (;;) {
    while (PQisBusy(conn_) != 0) {
      const auto left =
          std::chrono::ceil<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      pollfd socket{PQsocket(conn_), POLLIN, 0};
      const int ready = left.count() > 0 ? poll(&socket, 1, static_cast<int>(left.count())) : 0;
      if (ready < 0 && errno == EINTR) continue;
      if (ready <= 0) {
        PQclear(kept);
        // Its state unknown: dropped, and opened again by the next transaction.
        PQfinish(conn_);
        conn_ = nullptr;
        throw store_error("database " + shown_ + ": " + std::string(what) + ": no answer within " +
                          std::to_string(answer_limit.count()) + " s");
      }
      if (PQconsumeInput(conn_) == 0) break;  // lost: PQgetResult tells why
    }
    PGresult* next = PQgetResult(conn_);
    if (next == nullptr) break;
    const auto failed = [](PGresult* r) {
      const auto status = PQresultStatus(r);
      return status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK;
    };
    if (kept != nullptr && (failed(kept) || PQresultStatus(next) == PGRES_EMPTY_QUERY)) {
      PQclear(next);
    } else {
      PQclear(kept);
      kept = next;
    }
  }
  return checked(kept, what);
}

void postgres_connection::prepare_on_server(const statement& s) {
  if (conn_ == nullptr) throw store_error("database " + shown_ + ": not connected");
  answer(PQsendPrepare(conn_, s.name.c_str(), s.sql.c_str(), 0, nullptr), "preparing " + s.name);
}

void postgres_connection::prepare(std::string name, std::string sql) {
  statements_.push_back({std::move(name), std::move(sql)});
  prepare_on_server(statements_.back());
}

postgres_connection::result postgres_connection::exec(std::string_view sql) {
  if (conn_ == nullptr) throw store_error("database " + shown_ + ": not connected");
  return answer(PQsendQuery(conn_, std::string(sql).c_str()), "a statement");
}

postgres_connection::result postgres_connection::run(const std::string& name,
                                                     const std::vector<std::string>& parameters) {
  if (conn_ == nullptr) throw store_error("database " + shown_ + ": not connected");
  std::vector<const char*> values;
  std::vector<int> lengths;
  values.reserve(parameters.size());
  lengths.reserve(parameters.size());
  for (const std::string& p : parameters) {
    values.push_back(p.c_str());
    lengths.push_back(static_cast<int>(p.size()));
  }
  return answer(PQsendQueryPrepared(conn_, name.c_str(), static_cast<int>(values.size()),
                                    values.data(), lengths.data(), nullptr, 0),
                name);
}

std::string pg_text(std::int64_t value) {
  return std::to_string(value);
}

std::string pg_text(double value) {
  char text[32];
  const auto end = std::to_chars(text, text + sizeof text, value).ptr;
  return std::string(text, end);
}

}  // namespace ariadne
