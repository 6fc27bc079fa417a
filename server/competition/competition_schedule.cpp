#include "server/competition/competition_schedule.hpp"

#include <spdlog/spdlog.h>

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

bool time_in_range(std::int64_t ms) {
  return ms >= 0 && ms <= latest_schedule_ms;
}

std::string time_or_never(const std::optional<time_point>& t) {
  return t ? format_time(*t) : std::string("never");
}

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

namespace {

// A change is refused when the competition opens or closes within the
// notice: a server that has not read it yet would act on the old time.
std::optional<std::string> too_soon(const competition_schedule& s, time_point now) {
  for (const auto& [moment, what] :
       {std::pair{s.opens_at, "opens"}, std::pair{s.closes_at, "closes"}}) {
    if (moment && *moment > now && *moment < now + schedule_notice) {
      return "the competition " + std::string(what) + " at " + format_time(*moment) +
             ", too soon for every server to know of a change: try again after it";
    }
  }
  return std::nullopt;
}

}  // namespace

schedule_change plan_open(competition_schedule s, time_point now, std::optional<time_point> at,
                          std::optional<time_point> until, bool has_results) {
  if (auto problem = too_soon(s, now)) return *problem;
  const time_point opens = at.value_or(now);
  if (s.closed(now)) {
    if (has_results) {
      return "the competition closed at " + time_or_never(s.closes_at) +
             " and its mazes are published: it opens again only after `reset`";
    }
    s.closes_at.reset();
  } else if (!s.not_yet_open(now)) {
    return "the competition is open (since " + time_or_never(s.opens_at) + "); it closes at " +
           time_or_never(s.closes_at);
  }
  if (until) s.closes_at = until;
  if (s.closes_at && *s.closes_at <= opens) {
    return "it would close (" + time_or_never(s.closes_at) + ") before it opens (" +
           format_time(opens) + "): give --until";
  }
  if (s.closes_at && *s.closes_at < now + schedule_notice) {
    return "the close must be at least " + std::to_string(schedule_notice.count()) + " s ahead";
  }
  s.opens_at = opens;
  return s;
}

schedule_change plan_close(competition_schedule s, time_point now, std::optional<time_point> at) {
  if (s.closed(now)) return "the competition closed at " + time_or_never(s.closes_at);
  if (auto problem = too_soon(s, now)) return *problem;
  const time_point closes = at.value_or(now + schedule_notice);
  if (closes < now + schedule_notice) {
    return "a close must be at least " + std::to_string(schedule_notice.count()) +
           " s ahead, so that every server knows it first: leave out --at to close as soon "
           "as that allows";
  }
  if (s.opens_at && closes <= *s.opens_at) {
    return "the competition opens at " + time_or_never(s.opens_at) + ": a close must come after it";
  }
  s.closes_at = closes;
  return s;
}

schedule_change plan_extend(competition_schedule s, time_point now, time_point to) {
  if (!s.closes_at) return std::string("the competition has no close time: it stays open");
  if (s.closed(now)) return "the competition closed at " + time_or_never(s.closes_at);
  if (auto problem = too_soon(s, now)) return *problem;
  if (to <= *s.closes_at) {
    return "the competition already closes at " + time_or_never(s.closes_at) +
           ": extend moves the close later (close --at moves it earlier)";
  }
  s.closes_at = to;
  return s;
}

std::optional<std::string> reset_refusal(const competition_schedule& s, time_point now) {
  if (s.closed(now)) return std::nullopt;
  if (s.opens_at && *s.opens_at >= now + schedule_notice) return std::nullopt;
  return "competitors can start now: close the competition first (ariadne-admin close), then "
         "reset";
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

std::string competition_summary(const competition_rules& rules, const competition_schedule& s,
                                std::size_t competitors, time_point now) {
  std::string text = "competition \"" + rules.name + "\": ";
  text += s.not_yet_open(now) ? "not open yet" : s.closed(now) ? "closed" : "open";
  text += " (opens " + time_or_never(s.opens_at) + ", closes " + time_or_never(s.closes_at) + "); ";
  text += std::to_string(rules.challenges.size()) + " challenge(s):";
  for (const challenge& c : rules.challenges)
    text += " " + c.id;
  text += "; " + std::to_string(competitors) + " competitor(s)";
  if (!s.announcement.empty()) text += "; announcement: \"" + s.announcement + "\"";
  return text;
}

std::string secret_after_resets(const std::string& secret, std::uint32_t resets) {
  return resets == 0 ? secret : secret + "/reset/" + std::to_string(resets);
}

}  // namespace ariadne
