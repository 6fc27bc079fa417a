#include "server/competition/rules/competition_schedule.hpp"

#include "core/model/utc_time.hpp"

namespace ariadne {

namespace {

using time_point = competition_schedule::time_point;

}  // namespace

bool time_in_range(std::int64_t ms) {
  return ms >= 0 && ms <= latest_schedule_ms;
}

std::string time_or_never(const std::optional<time_point>& t) {
  return t ? format_time(*t) : std::string("never");
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
