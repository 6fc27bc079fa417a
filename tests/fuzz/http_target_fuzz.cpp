// libFuzzer target: request targets, as an attacker writes them. The route
// tables look every target up as the server's are set up (/ws, /spectate/,
// /api/baseline, /api/replays/ and the rest); the run numbers of
// /api/replays/, /watch/ and /spectate/ (with its ?from= and &boot=) are read; the
// baseline's query is parsed. None may crash, a number read must be the
// digits the target holds, and the HTTP table answers everything (its
// fallback). The routes' answers to odd targets: tests/app/api_routes_test.cpp.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "server/app/request_targets.hpp"
#include "server/baseline/baseline.hpp"
#include "server/net/route_table.hpp"

namespace {

using namespace ariadne;

const route_table<int>& routes() {
  static const route_table<int> table = [] {
    route_table<int> t;
    for (const char* path : {"/ws", "/api/baseline", "/", "/healthz", "/api/runs"})
      t.add(path, 1);
    for (const char* prefix : {"/spectate/", "/api/replays/", "/api/runs/", "/watch/", "/static/"})
      t.add_prefix(prefix, 1);
    return t;
  }();
  return table;
}

void check_number(std::string_view target, std::string_view prefix) {
  const auto run = run_of(target, prefix);
  if (!run) return;
  // What was read is what was written: its digits, leading zeros aside.
  const std::string_view path = target.substr(0, target.find('?'));
  const std::string_view digits = path.substr(prefix.size());
  const std::size_t first = digits.find_first_not_of('0');
  const std::string_view significant =
      first == std::string_view::npos ? digits.substr(digits.size() - 1) : digits.substr(first);
  if (std::to_string(*run) != significant) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view target(reinterpret_cast<const char*>(data), size);
  (void)routes().find(target);
  check_number(target, "/api/replays/");
  check_number(target, "/watch/");
  check_number(target, "/spectate/");
  const auto spectate = read_spectate_target(target);
  if (const auto* read = std::get_if<spectate_target>(&spectate); read && read->boot) {
    // A boot read is the 16 hex digits after "&boot=".
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(*read->boot));
    if (!target.ends_with(std::string("&boot=") + hex)) std::abort();
  }
  if (const std::size_t query = target.find('?'); query != std::string_view::npos) {
    (void)parse_baseline_query(target.substr(query + 1));
  }
  return 0;
}
