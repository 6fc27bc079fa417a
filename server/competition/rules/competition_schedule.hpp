#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "server/competition/rules/competition_rules.hpp"

namespace ariadne {

// When a competition is open and what its organizer says: the file's times
// unless ariadne-admin set others, an announcement, and how many times the
// results were reset (each reset deals new mazes). ariadne-admin writes them
// to the database's meta table; a running server reads them every second.
struct competition_schedule {
  using time_point = competition_rules::time_point;

  std::optional<time_point> opens_at;
  std::optional<time_point> closes_at;
  std::string announcement;
  std::uint32_t resets = 0;

  bool closed(time_point now) const { return closes_at && now >= *closes_at; }
  bool not_yet_open(time_point now) const { return opens_at && now < *opens_at; }
  friend bool operator==(const competition_schedule&, const competition_schedule&) = default;
};

// The least time ahead a change of the close may be made for: every server
// reads the schedule within it, so none deals a maze after the published
// close, nor shows the close's secrets before an extension reaches it.
inline constexpr std::chrono::seconds schedule_notice{3};

// The latest time a schedule may name (2200-01-01): beyond it the clock's
// nanoseconds would overflow.
inline constexpr std::int64_t latest_schedule_ms = 7'258'118'400'000;
// True for a time (milliseconds since 1970) a schedule may hold.
bool time_in_range(std::int64_t ms);

// An organizer's change, checked: the schedule it makes, or why not (one line).
using schedule_change = std::variant<competition_schedule, std::string>;
// Opens now or at `at`, until `until` if given. A closed competition opens
// again only without results (after a reset): its mazes were published.
schedule_change plan_open(competition_schedule s, competition_schedule::time_point now,
                          std::optional<competition_schedule::time_point> at,
                          std::optional<competition_schedule::time_point> until, bool has_results);
// Closes at `at`, or as soon as every server can know (now + schedule_notice).
schedule_change plan_close(competition_schedule s, competition_schedule::time_point now,
                           std::optional<competition_schedule::time_point> at);
// Moves a close still ahead to a later time.
schedule_change plan_extend(competition_schedule s, competition_schedule::time_point now,
                            competition_schedule::time_point to);
// Why results may not be reset now, or nullopt: only while no competitor can
// start (closed, or opening later than schedule_notice from now).
std::optional<std::string> reset_refusal(const competition_schedule& s,
                                         competition_schedule::time_point now);

// A time as the logs and the tools write it: RFC 3339, or "never".
std::string time_or_never(const std::optional<competition_schedule::time_point>& t);
// One line for the startup log: the name, the state with its times, the
// challenges, the number of competitors, the announcement.
std::string competition_summary(const competition_rules& rules, const competition_schedule& s,
                                std::size_t competitors, competition_schedule::time_point now);

// The seeds' secret after `resets` resets: the first one's, or one derived
// from it, so that a reset never deals a maze already played.
std::string secret_after_resets(const std::string& secret, std::uint32_t resets);

}  // namespace ariadne
