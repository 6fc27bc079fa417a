#pragma once

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

#include "server/store/postgres_connection.hpp"
#include "server/store/store_location.hpp"
#include "tests/support/temp_dir.hpp"

namespace ariadne::test {

// The PostgreSQL server the tests were given (tests/support/postgres.py run
// sets it: postgresql://USER@HOST:PORT, no database); throws when there is none.
inline std::string test_postgres() {
  const char* base = std::getenv("ARIADNE_TEST_POSTGRES");
  if (base == nullptr || *base == '\0') {
    throw std::runtime_error(
        "no PostgreSQL for this test: run it through ctest, or as "
        "tests/support/postgres.py run -- COMMAND (it sets ARIADNE_TEST_POSTGRES)");
  }
  return base;
}

// A SQLite database file named `name` in one folder this test program shares
// (kept if a test failed), with no file of an earlier one left (nor its -wal
// and -shm).
inline std::string fresh_sqlite_file(const std::string& name) {
  static const testing::temp_dir folder;
  const std::string path = folder.file(name + ".db");
  for (const char* suffix : {"", "-wal", "-shm"})
    std::filesystem::remove(path + suffix);
  return path;
}

// A new, empty store of that kind named `name`: a SQLite file as above, or a
// PostgreSQL database on the tests' server. Its --db text.
inline std::string fresh_store(store_location::kind kind, const std::string& name) {
  if (kind == store_location::kind::sqlite) return fresh_sqlite_file(name);
  const std::string base = test_postgres();
  postgres_connection admin(base + "/postgres", base);
  admin.exec("DROP DATABASE IF EXISTS \"" + name + "\" WITH (FORCE)");
  admin.exec("CREATE DATABASE \"" + name + "\"");
  return base + "/" + name;
}

}  // namespace ariadne::test
