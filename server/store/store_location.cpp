#include "server/store/store_location.hpp"

#include <sys/stat.h>

#include <cstdio>

#include "server/store/postgres_connection.hpp"
#include "server/store/postgres_store.hpp"
#include "server/store/sqlite_store.hpp"
#include "server/store/store_error.hpp"

namespace ariadne {

store_location parse_store_location(std::string_view text) {
  if (text.empty()) throw store_error("--db is empty: give a SQLite file or a postgresql:// URI");
  if (text.starts_with("postgresql://") || text.starts_with("postgres://")) {
    return {store_location::kind::postgresql, std::string(text), without_password(text)};
  }
  if (text.starts_with("sqlite:")) {
    std::string path(text.substr(7));
    if (std::string_view(path).starts_with("//"))
      path.erase(0, 2);  // sqlite://PATH, as some tools write it
    if (path.empty()) throw store_error("--db sqlite: names no file");
    return {store_location::kind::sqlite, path, path};
  }
  if (text.find("://") != std::string_view::npos) {
    throw store_error("--db " + without_password(text) +
                      ": an unknown kind of database (postgresql://... or a SQLite file)");
  }
  return {store_location::kind::sqlite, std::string(text), std::string(text)};
}

std::string files_open_to_others(const store_location& where) {
  if (where.type != store_location::kind::sqlite) return {};
  for (const char* suffix : {"", "-wal", "-shm"}) {
    const std::string file = where.target + suffix;
    struct stat info {};
    if (::stat(file.c_str(), &info) != 0 || (info.st_mode & 077) == 0) continue;
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(info.st_mode & 07777));
    return file + " (mode " + mode + ")";
  }
  return {};
}

std::unique_ptr<results_store> open_store(const store_location& where, store_access mode) {
  if (where.type == store_location::kind::postgresql) {
    return std::make_unique<postgres_store>(where.target, mode);
  }
  return std::make_unique<sqlite_store>(where.target, mode);
}

}  // namespace ariadne
