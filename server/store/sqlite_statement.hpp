#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "server/store/store_error.hpp"

namespace ariadne {

// A prepared SQLite statement, finalized when it goes out of scope. Errors
// throw store_error naming the database (`path`) and SQLite's reason.
class sqlite_statement {
 public:
  sqlite_statement(sqlite3* db, const std::string& path, const char* sql) : db_(db), path_(path) {
    if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK) {
      fail("preparing a statement");
    }
  }
  ~sqlite_statement() { sqlite3_finalize(stmt_); }
  sqlite_statement(const sqlite_statement&) = delete;
  sqlite_statement& operator=(const sqlite_statement&) = delete;

  sqlite_statement& bind(int index, std::string_view text) {
    check(sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()),
                            SQLITE_TRANSIENT));
    return *this;
  }
  sqlite_statement& bind(int index, std::int64_t value) {
    check(sqlite3_bind_int64(stmt_, index, value));
    return *this;
  }
  sqlite_statement& bind(int index, double value) {
    check(sqlite3_bind_double(stmt_, index, value));
    return *this;
  }
  // True while there is a row to read; throws on an error.
  bool step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    fail("a statement");
  }
  // Runs a statement that returns no rows; false on a constraint violation.
  bool run() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_DONE) return true;
    if (rc == SQLITE_CONSTRAINT) return false;
    fail("a statement");
  }
  std::int64_t integer(int column) { return sqlite3_column_int64(stmt_, column); }
  double real(int column) { return sqlite3_column_double(stmt_, column); }
  std::string text(int column) {
    const auto* p = sqlite3_column_text(stmt_, column);
    return p ? std::string(reinterpret_cast<const char*>(p)) : std::string();
  }

 private:
  [[noreturn]] void fail(const std::string& what) {
    throw store_error("database " + path_ + ": " + what + ": " + sqlite3_errmsg(db_));
  }
  void check(int rc) {
    if (rc != SQLITE_OK) fail("binding a value");
  }
  sqlite3* db_;
  const std::string& path_;
  sqlite3_stmt* stmt_ = nullptr;
};

}  // namespace ariadne
