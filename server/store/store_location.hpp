#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "server/store/results_store.hpp"

namespace ariadne {

// Where --db points: a SQLite file (a plain path or sqlite:PATH) or a
// PostgreSQL database (a libpq URI, postgresql://USER@HOST:PORT/DB?...).
struct store_location {
  enum class kind { sqlite, postgresql };
  kind type = kind::sqlite;
  std::string target;  // the path or the URI, as libpq or SQLite takes it
  // For logs and errors: the URI without a password.
  std::string shown;
};

// Throws store_error for an empty value or a scheme neither store knows.
store_location parse_store_location(std::string_view text);

// For a SQLite database, the first of its files (the database, its -wal
// and -shm) that another account may read or write, with its mode, as
// "PATH (mode 0644)"; empty when none is, and for PostgreSQL (its server
// keeps its files).
std::string files_open_to_others(const store_location& where);

// Opens the store (read_write: creates it, or migrates an older schema);
// throws store_error.
std::unique_ptr<results_store> open_store(const store_location& where,
                                          store_access mode = store_access::read_write);

}  // namespace ariadne
