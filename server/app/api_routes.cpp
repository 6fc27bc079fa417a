#include "server/app/api_routes.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <limits>
#include <set>

#include "core/maze/generators.hpp"
#include "core/model/utc_time.hpp"
#include "core/model/version.hpp"
#include "server/app/disclosure.hpp"
#include "server/app/request_targets.hpp"
#include "server/app/server_context.hpp"
#include "server/app/server_name.hpp"
#include "web/web_assets.hpp"

namespace ariadne {

namespace {

// What a client called its bot, or null.
nlohmann::json bot_json(const std::string& bot) {
  return bot.empty() ? nlohmann::json(nullptr) : nlohmann::json(bot);
}

// One run as /api/runs lists it (null while it is set up). Never a seed; a
// ranked run shows its challenge, not its maze, and until the mazes may be
// shown (reveal) no counters, as the leaderboard: its score and steps would
// tell how far its deal's treasure lies.
nlohmann::json run_item(const run_feed& feed, bool reveal) {
  const run_summary s = feed.summary();
  if (!s.start) return nullptr;
  const std::string started =
      format_time(std::chrono::floor<std::chrono::seconds>(s.start->started_at));
  if (feed.ranked() && !reveal) {
    return {{"run", feed.run_id()},
            {"player", feed.player()},
            {"bot", bot_json(feed.bot())},
            {"maze", feed.challenge()},
            {"ranked", true},
            {"width", s.start->width},
            {"height", s.start->height},
            {"steps", nullptr},
            {"bumps", nullptr},
            {"found", nullptr},
            {"treasures", s.start->options.treasures},
            {"status", s.status == run_status::active ? "active" : "ended"},
            {"spectators", 0},
            {"started_at", started}};
  }
  return {{"run", feed.run_id()},
          {"player", feed.player()},
          {"bot", bot_json(feed.bot())},
          {"maze", feed.ranked() ? feed.challenge() : s.start->source.label()},
          {"ranked", feed.ranked()},
          {"width", s.start->width},
          {"height", s.start->height},
          {"steps", s.steps},
          {"bumps", s.bumps},
          {"found", s.found},
          {"treasures", s.start->options.treasures},
          {"status", to_string(s.status)},
          {"spectators", feed.spectators()},
          {"started_at", started}};
}

// A ranked run that ended before this server started, from the store, as
// run_item shows a ranked one.
nlohmann::json stored_item(const ranked_run_record& r, const competition_rules& rules,
                           bool reveal) {
  const challenge* c = rules.find(r.challenge);
  nlohmann::json item = {
      {"run", r.run},
      {"player", r.competitor_name},
      {"bot", bot_json(r.bot)},
      {"maze", r.challenge},
      {"ranked", true},
      {"width", c != nullptr ? c->width : 0},
      {"height", c != nullptr ? c->height : 0},
      {"treasures", r.treasures},
      {"spectators", 0},
      {"started_at",
       format_time(std::chrono::floor<std::chrono::seconds>(from_unix_ms(r.started_at_ms)))}};
  if (!reveal) {
    item.update({{"steps", nullptr}, {"bumps", nullptr}, {"found", nullptr}, {"status", "ended"}});
  } else {
    item.update({{"steps", r.steps},
                 {"bumps", r.bumps},
                 {"found", r.found},
                 {"status", to_string(r.status)}});
  }
  return item;
}

std::string item_text(const nlohmann::json& item) {
  return item.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// One entry of the list being built: its run, when it started, its text.
struct listed_run {
  std::uint64_t run;
  std::string started_at;
  std::string text;
};

// The feeds' items, the last `at_most` of them.
void add_feeds(std::vector<listed_run>& list, const std::vector<std::shared_ptr<run_feed>>& feeds,
               bool reveal, std::size_t at_most = std::numeric_limits<std::size_t>::max()) {
  const std::size_t from = feeds.size() - std::min(feeds.size(), at_most);
  for (auto it = feeds.begin() + static_cast<std::ptrdiff_t>(from); it != feeds.end(); ++it) {
    const auto& feed = *it;
    nlohmann::json item = run_item(*feed, reveal);
    if (item.is_null()) continue;
    std::string started = item["started_at"].get<std::string>();
    list.push_back({feed->run_id(), std::move(started), item_text(item)});
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

// GET /api/runs: live runs in start order, then finished ones, latest last:
// ranked runs from before a restart (the store's), then those in memory.
// With other servers on the competition's store, theirs too (as they last
// published them, within a second or two), each in start order among these.
std::string build_runs_json(server_context& context, bool reveal) {
  std::vector<listed_run> live;
  std::vector<listed_run> finished;
  add_feeds(live, context.runs().live(), reveal);
  add_feeds(finished, context.runs().finished(), reveal);
  // A run that ended between the two readings is listed once, ended.
  std::set<std::uint64_t> ended;
  for (const listed_run& r : finished)
    ended.insert(r.run);
  std::erase_if(live, [&ended](const listed_run& r) { return ended.count(r.run) == 1; });
  std::string text = "[";
  auto append = [&text](const std::string& item) {
    if (text.size() > 1) text += ',';
    text += item;
  };
  const competition_hub* hub = context.competition();
  const auto peers = hub != nullptr ? context.competition()->presence().runs().peers()
                                    : std::make_shared<const std::vector<peer_run>>();
  std::vector<ranked_run_record> earlier;
  if (hub != nullptr) earlier = hub->earlier_runs();
  if (!peers->empty()) {
    std::set<std::uint64_t> listed;
    for (const auto* group : {&live, &finished}) {
      for (const listed_run& r : *group)
        listed.insert(r.run);
    }
    for (const ranked_run_record& r : earlier)
      listed.insert(r.run);
    add_peers(live, *peers, true, reveal, listed);
    add_peers(finished, *peers, false, reveal, listed);
  }
  for (const listed_run& r : live)
    append(r.text);
  for (const ranked_run_record& r : earlier)
    append(item_text(stored_item(r, hub->rules(), reveal)));
  for (const listed_run& r : finished)
    append(r.text);
  return text + "]\n";
}

// Built a few times a second at most, whoever polls (answer_cache); at once
// when the close reveals the ranked runs' counters.
http_answer runs_json(server_context& context) {
  const bool reveal = may_show_run(context.competition(), true);
  const auto document = context.runs_list().get(reveal ? 1 : 0, answer_cache::clock::now(),
                                                [&] { return build_runs_json(context, reveal); });
  return {200, "application/json", *document};
}

// A page file: pages may load only this server's scripts and styles (the
// playground's bot runs in a worker made from a blob); they may fetch from
// anywhere (a replay's ?url=, a visitor's own bot).
http_answer page(std::string_view path) {
  const web_asset* asset = find_web_asset(path);
  if (asset == nullptr) return {404, "text/plain; charset=utf-8", "not found\n"};
  http_answer answer{200, std::string(asset->content_type), std::string(asset->body)};
  answer.headers = {{"X-Content-Type-Options", "nosniff"},
                    {"Cache-Control", "no-cache"},
                    {"Content-Security-Policy",
                     "default-src 'self'; connect-src *; img-src 'self' data:; "
                     "worker-src 'self' blob:; "
                     "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"}};
  return answer;
}

}  // namespace

std::string published_runs_list(server_context& context) {
  const bool reveal = may_show_run(context.competition(), true);
  std::vector<listed_run> runs;
  // The latest ones: a list that others read every second stays small
  // (--keep-replays may keep many more ended runs).
  add_feeds(runs, context.runs().live(), reveal, cluster_runs::most_published);
  add_feeds(runs, context.runs().finished(), reveal, cluster_runs::most_published - runs.size());
  std::string text = "[";
  for (const listed_run& r : runs) {
    if (text.size() > 1) text += ',';
    text += r.text;
  }
  return text + "]";
}

bool served_method(std::string_view method) {
  return method == "GET" || method == "HEAD";
}

http_answer route_http(server_context& context, std::string_view method, std::string_view target) {
  const std::string_view path = target.substr(0, target.find('?'));
  if (!served_method(method)) {
    return {405, "text/plain; charset=utf-8", "only GET is served here\n"};
  }
  if (path == "/healthz") {
    // A proxy's health check takes a draining server out of its rotation.
    if (context.draining()) return {503, "text/plain; charset=utf-8", "draining\n"};
    return {200, "text/plain; charset=utf-8", "ok\n"};
  }
  competition_hub* hub = context.competition();
  if (path == "/metrics") {
    std::string text = context.stats().prometheus_text();
    if (hub != nullptr) text += hub->metrics_text();
    return {200, "text/plain; version=0.0.4; charset=utf-8", std::move(text)};
  }
  if (path == "/api/competition" || path == "/api/leaderboard" || path == "/api/leaderboard.csv" ||
      path == "/api/leaderboard/history") {
    if (hub == nullptr)
      return {404, "text/plain; charset=utf-8", "this server runs no competition\n"};
    if (path == "/api/competition") {
      return {200, "application/json", *hub->published().competition_json};
    }
    // From the caches the leaderboard thread keeps: never a database read,
    // nor a document built per request, here.
    if (path == "/api/leaderboard") return {200, "application/json", *hub->published().board_json};
    if (path == "/api/leaderboard/history")
      return {200, "application/json", *hub->published().history_json};
    return {200, "text/csv; charset=utf-8", *hub->published().board_csv};
  }
  if (path == "/api/generators") {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& info : all_generators()) {
      list.push_back({{"name", info.name}, {"summary", info.summary}});
    }
    return {200, "application/json", list.dump() + "\n"};
  }
  if (path == "/api/mazes") {
    nlohmann::json list = nlohmann::json::array();
    const auto now = std::chrono::system_clock::now();
    for (const auto& name : context.catalog().names()) {
      if (hub != nullptr && hub->reserves_maze(name, now)) continue;
      const auto layout = context.catalog().find(name);
      list.push_back({{"name", name},
                      {"width", layout->walls.width()},
                      {"height", layout->walls.height()},
                      {"goals", layout->goals.size()}});
    }
    return {200, "application/json", list.dump() + "\n"};
  }
  if (path == "/") return page("/index.html");
  if (path == "/replay") return page("/replay.html");
  if (path == "/play") return page("/play.html");
  if (path == "/versus") return page("/versus.html");
  if (path == "/favicon.ico") return page("/favicon.svg");
  if (path.starts_with("/watch/") && parse_whole<std::uint64_t>(path.substr(7)))
    return page("/watch.html");
  if (path.starts_with("/static/")) return page(path.substr(7));
  if (path == "/api/server") {
    const nlohmann::json info = {{"name", "ariadne"},
                                 {"version", version},
                                 {"server", server_name()},
                                 {"competition", hub != nullptr}};
    return {200, "application/json", info.dump() + "\n"};
  }
  if (path == "/api/runs") return runs_json(context);
  if (const auto run = run_of(path, "/api/runs/")) {
    // One run, as /api/runs lists it, or why it cannot be watched: the
    // watch page asks before it connects.
    const auto feed = context.runs().find(*run);
    const auto stored =
        feed || hub == nullptr ? std::vector<ranked_run_record>{} : hub->earlier_runs(*run);
    if (auto refusal = watch_refusal(hub, feed.get(), !stored.empty())) {
      return {refusal->status, "text/plain; charset=utf-8", refusal->text + "\n"};
    }
    if (!feed) {
      // Ended before this server started: no stream, but its replay.
      nlohmann::json item = stored_item(stored.front(), hub->rules(), true);
      item["replay"] = "/api/replays/" + std::to_string(*run);
      return {200, "application/json",
              item.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n"};
    }
    nlohmann::json item = run_item(*feed, true);
    if (item.is_null())
      return {409, "text/plain; charset=utf-8", "the run is still being set up\n"};
    return {200, "application/json",
            item.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n"};
  }
  if (path == "/ws") {
    return {426, "text/plain; charset=utf-8",
            "this is the WebSocket endpoint: connect with a WebSocket client\n"};
  }
  return {404, "text/plain; charset=utf-8", "not found\n"};
}

}  // namespace ariadne
