#include "tools/organizer_commands.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <vector>

#include "core/model/limits.hpp"
#include "core/model/utc_time.hpp"
#include "core/model/whole_number.hpp"
#include "server/competition/rules/competition_schedule.hpp"
#include "server/competition/rules/competitor_names.hpp"
#include "server/competition/rules/leaderboard.hpp"
#include "server/competition/rules/leaderboard_documents.hpp"
#include "server/competition/rules/secrets.hpp"
#include "server/competition/rules/text_cells.hpp"
#include "server/competition/schedule_store.hpp"

namespace ariadne {

namespace {

using time_point = competition_schedule::time_point;
using json = nlohmann::json;

template <class Work>
void in_transaction(results_store& store, Work&& work) {
  store.begin();  // IMMEDIATE: the server's writes wait, and so do ours
  try {
    work();
    store.commit();
  } catch (...) {
    store.rollback();
    throw;
  }
}

std::optional<time_point> time_option(const std::optional<std::string>& text, const char* option) {
  if (!text) return std::nullopt;
  const auto t = parse_time(*text);
  if (t && time_in_range(unix_ms(*t))) return t;
  throw organizer_error(std::string(option) + ": \"" + *text +
                        "\" is not a UTC time such as 2026-12-24T18:00:00Z (before 2200)");
}

// "90m", "2h", "1d", "45s": a whole number and its unit.
std::chrono::seconds duration_option(const std::string& text) {
  std::size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9')
    ++digits;
  const std::string unit = text.substr(digits);
  const std::map<std::string, long long> units = {{"s", 1}, {"m", 60}, {"h", 3600}, {"d", 86400}};
  if (digits == 0 || digits > 7 || !units.contains(unit)) {
    throw organizer_error("--by: \"" + text + "\" is not a duration such as 30m, 2h or 1d");
  }
  const std::chrono::seconds by(*parse_whole<long long>(text.substr(0, digits)) * units.at(unit));
  if (by > std::chrono::days(3650)) throw organizer_error("--by: at most ten years");
  return by;
}

competition_schedule schedule_of(results_store& store) {
  if (!store.meta("file_opens_at")) {
    throw organizer_error(
        "no server has started on this database with its competition file yet (or only an "
        "older one, which did not record the file's times): start the server on it once, then "
        "try again");
  }
  return read_schedule(store);
}

// The first field of each line of a CSV file, unquoted; a header "name" and
// empty lines skipped.
std::vector<std::string> names_in_csv(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw organizer_error(path + ": cannot be read");
  std::vector<std::string> names;
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (number == 1 && line.starts_with("\xEF\xBB\xBF")) line.erase(0, 3);  // a byte-order mark
    std::string name;
    if (!line.empty() && line.front() == '"') {
      std::size_t i = 1;
      for (; i < line.size(); ++i) {
        if (line[i] != '"') {
          name += line[i];
        } else if (i + 1 < line.size() && line[i + 1] == '"') {
          name += '"';
          ++i;
        } else {
          break;
        }
      }
      if (i >= line.size())
        throw organizer_error(path + ":" + std::to_string(number) + ": an unclosed quote");
    } else {
      // Spaces around an unquoted field are the file's layout, not the name.
      name = line.substr(0, line.find(','));
      name.erase(0, name.find_first_not_of(' '));
      name.erase(name.find_last_not_of(' ') + 1);
    }
    if (name.empty() || (names.empty() && number == 1 && competitor_names::fold(name) == "name"))
      continue;
    if (auto problem = check(limits::player_name, name)) {
      throw organizer_error(path + ":" + std::to_string(number) + ": " + problem->message);
    }
    names.push_back(std::move(name));
  }
  if (names.empty()) throw organizer_error(path + ": names no competitor");
  return names;
}

}  // namespace

void change_schedule(results_store& store, const std::string& command,
                     const schedule_request& request, std::ostream& out) {
  competition_schedule changed;
  in_transaction(store, [&] {
    const competition_schedule s = schedule_of(store);
    const time_point now = std::chrono::system_clock::now();
    schedule_change change;
    if (command == "open") {
      change = plan_open(s, now, time_option(request.at, "--at"),
                         time_option(request.until, "--until"), !store.runs().empty());
    } else if (command == "close") {
      change = plan_close(s, now, time_option(request.at, "--at"));
    } else {
      const auto to = request.to ? time_option(request.to, "--to")
                                 : s.closes_at.value_or(now) + duration_option(*request.by);
      change = plan_extend(s, now, *to);
    }
    if (auto* problem = std::get_if<std::string>(&change)) throw organizer_error(*problem);
    changed = std::get<competition_schedule>(change);
    write_schedule(store, changed);
  });
  out << "the competition opens " << time_or_never(changed.opens_at) << " and closes "
      << time_or_never(changed.closes_at) << " (every server knows within a second)\n";
}

void announce(results_store& store, const std::string& text, std::ostream& out) {
  if (!text.empty()) {
    if (auto problem = check(limits::announcement, text)) throw organizer_error(problem->message);
  }
  in_transaction(store, [&] {
    schedule_of(store);
    store.set_meta("announcement", text);
  });
  out << (text.empty() ? "the announcement is cleared\n" : "announced: " + text + "\n");
}

void reset_results(results_store& store, std::ostream& out) {
  std::size_t deleted = 0;
  std::uint32_t resets = 0;
  in_transaction(store, [&] {
    const competition_schedule s = schedule_of(store);
    if (auto problem = reset_refusal(s, std::chrono::system_clock::now())) {
      throw organizer_error(*problem);
    }
    std::size_t in_play = 0;
    for (const ranked_run_record& r : store.runs())
      in_play += r.status == ranked_status::in_play;
    if (in_play > 0) {
      throw organizer_error(std::to_string(in_play) +
                            " ranked run(s) are in play: wait until they end (a server that "
                            "stopped gives them back when it starts again)");
    }
    if (s.resets == std::numeric_limits<std::uint32_t>::max()) {
      throw organizer_error("the results were reset too many times");
    }
    deleted = store.delete_runs();
    resets = s.resets + 1;
    store.set_meta("resets", std::to_string(resets));
  });
  out << "deleted " << deleted << " ranked run(s); competitors and tokens are kept, and the next "
      << "attempts are dealt new mazes (reset " << resets << ")\n";
}

void import_competitors(results_store& store, const std::string& csv_file,
                        const std::string& tokens_file, std::ostream& out) {
  const std::vector<std::string> names = names_in_csv(csv_file);
  std::set<std::string> seen;
  for (const competitor_record& c : store.competitors())
    seen.insert(competitor_names::fold(c.name));
  std::ostringstream tokens;
  tokens << "name,token\n";
  std::vector<std::pair<std::string, std::string>> added;
  for (const std::string& name : names) {
    if (!seen.insert(competitor_names::fold(name)).second) {
      throw organizer_error("\"" + name + "\" is named twice, or is a competitor already");
    }
    const std::string token = new_token();
    tokens << csv_field(name) << "," << token << "\n";
    added.emplace_back(name, token_hash(token));
  }
  // The tokens file first: new (never one that exists) and created private,
  // so no other user can open it at any moment; a token is never shown again.
  const int fd = ::open(tokens_file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) throw organizer_error(tokens_file + ": cannot be created (it must not exist yet)");
  const std::string text = tokens.str();
  const bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  const bool closed = ::close(fd) == 0;
  std::error_code ignored;
  try {
    if (!written || !closed) {
      throw organizer_error(tokens_file + ": cannot be written");
    }
    in_transaction(store, [&] {
      const std::int64_t now = unix_ms(std::chrono::system_clock::now());
      for (const auto& [name, hash] : added) {
        if (!store.add_competitor(name, hash, now))
          throw organizer_error("\"" + name + "\" is a competitor already");
      }
    });
  } catch (...) {
    std::filesystem::remove(tokens_file, ignored);
    throw;
  }
  out << "added " << added.size() << " competitor(s); their tokens are in " << tokens_file
      << " (hand each its own, then delete the file)\n";
}

void list_competitors(results_store& store, const std::string& format, std::ostream& out) {
  struct activity {
    std::map<std::string, std::set<std::uint32_t>> attempts;  // by challenge
    std::int64_t last_ms = 0;
  };
  std::map<std::int64_t, activity> by_competitor;
  for (const ranked_run_record& r : store.runs()) {
    activity& a = by_competitor[r.competitor];
    if (counts(r.status)) a.attempts[r.challenge].insert(r.attempt);
    a.last_ms = std::max({a.last_ms, r.started_at_ms, r.ended_at_ms});
  }
  json items = json::array();
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"competitor", "state", "attempts used", "last activity"});
  for (const competitor_record& c : store.competitors()) {
    const activity& a = by_competitor[c.id];
    json attempts = json::object();
    std::size_t total = 0;
    std::string detail;
    for (const auto& [challenge, numbers] : a.attempts) {
      attempts[challenge] = numbers.size();
      total += numbers.size();
      detail += (detail.empty() ? " (" : ", ") + challenge + " " + std::to_string(numbers.size());
    }
    const std::string last = a.last_ms > 0 ? format_time(from_unix_ms(a.last_ms)) : "";
    items.push_back({{"name", c.name},
                     {"revoked", c.revoked},
                     {"created_at", format_time(from_unix_ms(c.created_at_ms))},
                     {"attempts", attempts},
                     {"last_activity", a.last_ms > 0 ? json(last) : json(nullptr)}});
    rows.push_back({c.name, c.revoked ? "revoked" : "active",
                    std::to_string(total) + (detail.empty() ? "" : detail + ")"),
                    last.empty() ? "-" : last});
  }
  if (format == "json") {
    out << items.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
    return;
  }
  std::vector<std::size_t> widths(4, 0);
  for (const auto& row : rows)
    for (std::size_t i = 0; i < row.size(); ++i)
      widths[i] = std::max(widths[i], row[i].size());
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t i = 0; i < row.size(); ++i)
      line += i + 1 < row.size() ? padded(row[i], widths[i] + 2) : row[i];
    out << line << "\n";
  }
}

void show_status(results_store& store, std::ostream& out) {
  const competition_schedule s = read_schedule(store);
  const time_point now = std::chrono::system_clock::now();
  const auto runs = store.runs();
  std::size_t in_play = 0;
  for (const ranked_run_record& r : runs)
    in_play += r.status == ranked_status::in_play;
  out << "competition: " << store.meta("competition").value_or("?") << "\n"
      << "state: "
      << (s.not_yet_open(now) ? "not open yet"
          : s.closed(now)     ? "closed"
                              : "open")
      << "\n"
      << "opens: " << time_or_never(s.opens_at) << "\ncloses: " << time_or_never(s.closes_at)
      << "\n"
      << "announcement: " << (s.announcement.empty() ? "(none)" : s.announcement) << "\n"
      << "competitors: " << store.competitors().size() << "\n"
      << "ranked runs: " << runs.size() << " (" << in_play << " in play)\n"
      << "resets: " << s.resets << "\n";
}

}  // namespace ariadne
