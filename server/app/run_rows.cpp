#include "server/app/run_rows.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <optional>
#include <set>

#include "core/model/run_result.hpp"
#include "core/model/utc_time.hpp"
#include "server/competition/competition_hub.hpp"
#include "server/live/run_registry.hpp"

namespace ariadne::run_rows {

namespace {

// A row's fields, wherever the run comes from; the counters are left out
// (null) while they may not be shown.
struct row {
  std::uint64_t run = 0;
  std::string player;
  std::string bot;  // "" for none: null
  std::string maze;
  bool ranked = false;
  std::int64_t width = 0;
  std::int64_t height = 0;
  std::optional<std::uint64_t> steps;
  std::optional<std::uint64_t> bumps;
  std::optional<std::uint32_t> found;
  std::optional<double> efficiency;  // once ended
  std::uint32_t treasures = 0;
  std::string status;
  std::size_t spectators = 0;
  std::chrono::system_clock::time_point started_at;
};

nlohmann::json maybe(const auto& value) {
  return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

std::string text(const row& r, bool replay) {
  nlohmann::json item = {
      {"run", r.run},
      {"player", r.player},
      {"bot", r.bot.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.bot)},
      {"maze", r.maze},
      {"ranked", r.ranked},
      {"width", r.width},
      {"height", r.height},
      {"steps", maybe(r.steps)},
      {"bumps", maybe(r.bumps)},
      {"found", maybe(r.found)},
      {"efficiency", maybe(r.efficiency)},
      {"treasures", r.treasures},
      {"status", r.status},
      {"spectators", r.spectators},
      {"started_at", format_time(std::chrono::floor<std::chrono::seconds>(r.started_at))}};
  if (replay) item["replay"] = "/api/replays/" + std::to_string(r.run);
  return item.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// One entry of a list being built: its run, when it started, its text.
struct listed_run {
  std::uint64_t run;
  std::string started_at;
  std::string text;
};

// The feeds' rows, the last `at_most` of them.
void add_feeds(std::vector<listed_run>& list, const std::vector<std::shared_ptr<run_feed>>& feeds,
               bool reveal, std::size_t at_most = std::numeric_limits<std::size_t>::max()) {
  const std::size_t from = feeds.size() - std::min(feeds.size(), at_most);
  for (auto it = feeds.begin() + static_cast<std::ptrdiff_t>(from); it != feeds.end(); ++it) {
    const run_summary s = (*it)->summary();
    if (!s.start) continue;
    list.push_back({(*it)->run_id(),
                    format_time(std::chrono::floor<std::chrono::seconds>(s.start->started_at)),
                    of(**it, reveal)});
  }
}

// The other servers' runs of one kind (live or ended) that the list does not
// have yet (a run handed from one server to another may be on both lists for
// a second), each among the rest in start order.
void add_peers(std::vector<listed_run>& list, const std::vector<peer_run>& peers, bool active,
               bool reveal, std::set<std::uint64_t>& listed) {
  const std::size_t own = list.size();
  for (const peer_run& p : peers) {
    // (revealing: a server whose clock passed the close a moment before this one's.)
    if (p.active != active || (p.revealing && !reveal) || !listed.insert(p.run).second) continue;
    list.push_back({p.run, p.started_at, p.item});
  }
  if (list.size() == own) return;
  std::stable_sort(list.begin(), list.end(), [](const listed_run& a, const listed_run& b) {
    return a.started_at < b.started_at;
  });
}

std::string array_of(const std::vector<const std::vector<listed_run>*>& groups,
                     const std::vector<std::string>& middle = {}) {
  std::string text = "[";
  auto append = [&text](const std::string& item) {
    if (text.size() > 1) text += ',';
    text += item;
  };
  for (const listed_run& r : *groups.front())
    append(r.text);
  for (const std::string& item : middle)
    append(item);
  for (std::size_t g = 1; g < groups.size(); ++g) {
    for (const listed_run& r : *groups[g])
      append(r.text);
  }
  return text + "]";
}

}  // namespace

std::string of(const run_feed& feed, bool reveal) {
  const run_summary s = feed.summary();
  if (!s.start) return {};
  const bool hidden = feed.ranked() && !reveal;
  row r;
  r.run = feed.run_id();
  r.player = feed.player();
  r.bot = feed.bot();
  r.maze = feed.ranked() ? feed.challenge() : s.start->source.label();
  r.ranked = feed.ranked();
  r.width = s.start->width;
  r.height = s.start->height;
  if (!hidden) {
    r.steps = s.steps;
    r.bumps = s.bumps;
    r.found = s.found;
    if (s.result) r.efficiency = s.result->efficiency;
  }
  r.treasures = s.start->options.treasures;
  r.status = hidden ? (s.status == run_status::active ? "active" : "ended")
                    : std::string(to_string(s.status));
  r.spectators = hidden ? 0 : feed.spectators();
  r.started_at = s.start->started_at;
  return text(r, false);
}

std::string of(const ranked_run_record& run, const competition_rules& rules, bool reveal,
               bool replay) {
  const challenge* c = rules.find(run.challenge);
  row r;
  r.run = run.run;
  r.player = run.competitor_name;
  r.bot = run.bot;
  r.maze = run.challenge;
  r.ranked = true;
  r.width = c != nullptr ? c->width : 0;
  r.height = c != nullptr ? c->height : 0;
  if (reveal) {
    r.steps = run.steps;
    r.bumps = run.bumps;
    r.found = run.found;
    if (const auto status = run_status_of(run.status)) {
      r.efficiency = efficiency_of(*status, run.score, run.optimal);
    }
  }
  r.treasures = run.treasures;
  r.status = reveal ? std::string(to_string(run.status)) : "ended";
  r.started_at = from_unix_ms(run.started_at_ms);
  return text(r, replay);
}

std::string list(run_registry& runs, const competition_hub* hub, bool reveal) {
  std::vector<listed_run> live;
  std::vector<listed_run> finished;
  add_feeds(live, runs.live(), reveal);
  add_feeds(finished, runs.finished(), reveal);
  // A run that ended between the two readings is listed once, ended.
  std::set<std::uint64_t> ended;
  for (const listed_run& r : finished)
    ended.insert(r.run);
  std::erase_if(live, [&ended](const listed_run& r) { return ended.count(r.run) == 1; });
  std::vector<std::string> earlier;
  if (hub != nullptr) {
    const auto peers = hub->peer_runs();
    const std::vector<ranked_run_record> stored = hub->earlier_runs();
    if (!peers->empty()) {
      std::set<std::uint64_t> listed;
      for (const auto* group : {&live, &finished}) {
        for (const listed_run& r : *group)
          listed.insert(r.run);
      }
      for (const ranked_run_record& r : stored)
        listed.insert(r.run);
      add_peers(live, *peers, true, reveal, listed);
      add_peers(finished, *peers, false, reveal, listed);
    }
    for (const ranked_run_record& r : stored)
      earlier.push_back(of(r, hub->rules(), reveal));
  }
  return array_of({&live, &finished}, earlier) + "\n";
}

std::string published(run_registry& runs, bool reveal) {
  std::vector<listed_run> list;
  // The latest ones: a list that others read every second stays small
  // (--keep-replays may keep many more ended runs).
  add_feeds(list, runs.live(), reveal, competition_hub::most_published);
  add_feeds(list, runs.finished(), reveal, competition_hub::most_published - list.size());
  return array_of({&list});
}

}  // namespace ariadne::run_rows
