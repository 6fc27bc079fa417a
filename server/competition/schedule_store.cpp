#include "server/competition/schedule_store.hpp"

#include <spdlog/spdlog.h>

#include <tuple>

#include "core/model/limits.hpp"
#include "core/model/utc_time.hpp"
#include "core/model/whole_number.hpp"
#include "server/store/store_error.hpp"

namespace ariadne {

namespace {

using time_point = competition_schedule::time_point;

// A time in the meta table: milliseconds since 1970, or "" for none.
std::string time_text(const std::optional<time_point>& t) {
  return t ? std::to_string(unix_ms(*t)) : std::string();
}

// A value the meta table must hold as written by ariadne-admin or the
// server: anything else (a hand-edited database) stops the read, rather
// than a silent fallback that could bring back an old secret or time.
[[noreturn]] void damaged(std::string_view key, const std::string& value) {
  throw store_error("the database's meta value " + std::string(key) + " = \"" +
                    value.substr(0, 40) + "\" is not one the tools write");
}

// nullopt: the key is absent; a value: the time or none.
std::optional<std::optional<time_point>> stored_time(results_store& store, std::string_view key) {
  const auto text = store.meta(key);
  if (!text) return std::nullopt;
  if (text->empty()) return std::optional<time_point>();
  const auto ms = parse_whole<std::int64_t>(*text);
  if (!ms || !time_in_range(*ms)) damaged(key, *text);
  return std::optional<time_point>(from_unix_ms(*ms));
}

}  // namespace

void record_file_times(results_store& store, const competition_rules& rules) {
  store.set_meta("file_opens_at", time_text(rules.opens_at));
  store.set_meta("file_closes_at", time_text(rules.closes_at));
}

competition_schedule read_schedule(results_store& store) {
  competition_schedule s;
  for (const auto& [key, file_key, field] :
       {std::tuple{"opens_at", "file_opens_at", &competition_schedule::opens_at},
        std::tuple{"closes_at", "file_closes_at", &competition_schedule::closes_at}}) {
    if (auto set = stored_time(store, key)) {
      s.*field = *set;
    } else if (auto file = stored_time(store, file_key)) {
      s.*field = *file;
    }
  }
  s.announcement = store.meta("announcement").value_or("");
  if (!s.announcement.empty() && check(limits::announcement, s.announcement)) {
    damaged("announcement", s.announcement);
  }
  const std::string resets = store.meta("resets").value_or("0");
  const auto counted = parse_whole<std::uint32_t>(resets);
  if (!counted) damaged("resets", resets);
  s.resets = *counted;
  return s;
}

void write_schedule(results_store& store, const competition_schedule& s) {
  store.set_meta("opens_at", time_text(s.opens_at));
  store.set_meta("closes_at", time_text(s.closes_at));
  store.set_meta("announcement", s.announcement);
}

std::optional<competition_schedule> schedule_reader::read(results_store& store) {
  try {
    competition_schedule fresh = read_schedule(store);
    problem_.clear();
    return fresh;
  } catch (const store_error& e) {
    if (problem_.empty()) spdlog::error("competition: {}", e.what());
    problem_ = e.what();
    return std::nullopt;
  }
}

void log_changes(const competition_schedule& before, const competition_schedule& after) {
  if (after.opens_at != before.opens_at || after.closes_at != before.closes_at) {
    spdlog::info("competition: the organizer set its times: opens {}, closes {}",
                 time_or_never(after.opens_at), time_or_never(after.closes_at));
  }
  if (after.announcement != before.announcement) {
    spdlog::info("competition: announcement: \"{}\"", after.announcement);
  }
  if (after.resets != before.resets) {
    spdlog::warn("competition: the organizer reset the results ({} so far)", after.resets);
  }
}

}  // namespace ariadne
