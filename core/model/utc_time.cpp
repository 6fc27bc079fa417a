#include "core/model/utc_time.hpp"

#include <cstdio>
#include <string>

namespace ariadne {

std::int64_t unix_ms(std::chrono::system_clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

std::chrono::system_clock::time_point from_unix_ms(std::int64_t ms) {
  return std::chrono::system_clock::time_point(std::chrono::milliseconds(ms));
}

std::string format_time(std::chrono::system_clock::time_point t) {
  using namespace std::chrono;
  const auto ms = floor<milliseconds>(t);
  const auto day = floor<days>(ms);
  const year_month_day ymd(day);
  const hh_mm_ss hms(ms - day);
  char out[40];
  const auto frac = static_cast<int>(hms.subseconds().count());
  if (frac == 0) {
    std::snprintf(out, sizeof out, "%04d-%02u-%02uT%02d:%02d:%02dZ", static_cast<int>(ymd.year()),
                  static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()),
                  static_cast<int>(hms.hours().count()), static_cast<int>(hms.minutes().count()),
                  static_cast<int>(hms.seconds().count()));
  } else {
    std::snprintf(out, sizeof out, "%04d-%02u-%02uT%02d:%02d:%02d.%03dZ",
                  static_cast<int>(ymd.year()), static_cast<unsigned>(ymd.month()),
                  static_cast<unsigned>(ymd.day()), static_cast<int>(hms.hours().count()),
                  static_cast<int>(hms.minutes().count()), static_cast<int>(hms.seconds().count()),
                  frac);
  }
  return out;
}

std::optional<std::chrono::system_clock::time_point> parse_time(std::string_view text_in) {
  using namespace std::chrono;
  const std::string s(text_in);
  int y = 0;
  unsigned mo = 0;
  unsigned d = 0;
  int h = 0;
  int mi = 0;
  int se = 0;
  int used = 0;
  if (std::sscanf(s.c_str(), "%4d-%2u-%2uT%2d:%2d:%2d%n", &y, &mo, &d, &h, &mi, &se, &used) != 6 ||
      used != 19) {
    return std::nullopt;
  }
  std::string_view rest = std::string_view(s).substr(19);
  if (rest != "Z" && rest != "+00:00") return std::nullopt;
  const year_month_day ymd{year(y), month(mo), day(d)};
  if (!ymd.ok() || h > 23 || mi > 59 || se > 59 || h < 0 || mi < 0 || se < 0) return std::nullopt;
  return sys_days(ymd) + hours(h) + minutes(mi) + seconds(se);
}

}  // namespace ariadne
