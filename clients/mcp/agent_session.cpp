#include "clients/mcp/agent_session.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "clients/mcp/mcp_dispatcher.hpp"
#include "clients/mcp/schema_check.hpp"
#include "clients/mcp/start_request.hpp"
#include "clients/sdk/remote_drone.hpp"
#include "clients/sdk/server_url.hpp"
#include "core/model/limits.hpp"

namespace ariadne::mcp {

using json = nlohmann::json;
using ordered_json = nlohmann::ordered_json;

struct agent_session::reply {
  ordered_json structured;
  std::string text;  // for an error, its sentence
  std::string code;  // empty: success
};

namespace {

using reply = agent_session::reply;

constexpr std::size_t kept_reports = 100;

reply failure(std::string code, std::string sentence) {
  return reply{nullptr, std::move(sentence), std::move(code)};
}

// A CallToolResult: text for the model, structured content for programs; an
// error carries its code and sentence in the text and in _meta.
ordered_json as_result(const reply& r) {
  const std::string text = r.code.empty() ? r.text : r.code + ": " + r.text;
  ordered_json result = {
      {"content", ordered_json::array({ordered_json{{"type", "text"}, {"text", text}}})}};
  if (r.code.empty()) {
    result["structuredContent"] = r.structured;
    result["isError"] = false;
  } else {
    result["isError"] = true;
    result["_meta"] = {{"ariadne/error", {{"code", r.code}, {"message", r.text}}}};
  }
  return result;
}

// A server's refusal (drone_error says "code: sentence"): the sentence.
std::string sentence_of(const drone_error& e) {
  const std::string what = e.what();
  const std::string code(to_string(*e.code()));
  return what.rfind(code + ": ", 0) == 0 ? what.substr(code.size() + 2) : what;
}

// A run command written as the protocol's JSON and read by its reader, so
// that a bad direction is refused in the protocol's words.
std::variant<protocol::client_request, protocol::parse_error> command(const char* type,
                                                                      const char* field,
                                                                      const json& value) {
  return protocol::parse_client_message(json{{"type", type}, {field, value}}.dump());
}

}  // namespace

agent_session::agent_session(agent_config config, drone_source source)
    : config_(std::move(config)), source_(std::move(source)), pages_(pages_url(config_.url)) {
  catalog_options_.memory_map = config_.memory_map;
  catalog_options_.ranked = config_.ranked;
  catalog_options_.fixed_maze = config_.fixed_maze;
  const maze_options& m = config_.maze;
  catalog_options_.maze_summary = (m.maze.empty() ? m.generator + " " + m.size : "maze " + m.maze) +
                                  (config_.seed ? ", seed " + std::to_string(*config_.seed) : "");
  client_is("", "");
}

agent_session::~agent_session() {
  // The host is gone: the run in play ends now rather than at the server's timeout.
  if (!drone_ || !in_play()) return;
  try {
    drone_->abandon();
    absorb();
  } catch (const drone_error&) {
    // The connection's close ends it as well.
  }
}

ordered_json agent_session::tools() const {
  return tool_catalog(catalog_options_);
}

void agent_session::client_is(const std::string& name, const std::string& version) {
  if (!config_.bot.empty()) {
    bot_ = config_.bot;
    return;
  }
  bot_ = "ariadne-mcp/" + (name.empty() ? std::string("agent") : name) +
         (version.empty() ? "" : " " + version);
  if (check(limits::bot_name, bot_)) bot_ = "ariadne-mcp/agent";
}

std::optional<std::string> agent_session::call(const std::string& name, const json& arguments,
                                               ordered_json& result) {
  // Every call counts toward --max-calls, refused ones too.
  ++calls_;
  const ordered_json catalog = tools();
  const auto tool = std::find_if(catalog.begin(), catalog.end(),
                                 [&](const ordered_json& t) { return t["name"] == name; });
  if (tool == catalog.end()) return "unknown tool \"" + shown(name) + "\"";
  if (auto problem = schema_problem(arguments, (*tool)["inputSchema"])) {
    return name + ": " + *problem;
  }
  const bool spent = config_.max_calls != 0 && calls_ > config_.max_calls;
  result = as_result(spent ? calls_spent() : run_tool(name, arguments));
  return std::nullopt;
}

reply agent_session::run_tool(const std::string& name, const json& arguments) {
  for (bool again = drone_ != nullptr;; again = false) {
    try {
      if (name == tool_names::start_run) return start_run(arguments);
      if (name == tool_names::memory_map) return memory_map(arguments);
      if (name == tool_names::status) return status(arguments);
      if (name == tool_names::list_challenges) return list_challenges();
      return play(name, arguments);
    } catch (const run_lost& e) {
      // The connection came back, the run did not.
      lost_ = e.what();
      if (config_.log) *config_.log << "ariadne-mcp: " << lost_ << "\n";
      if (latest_) report(report_kind::status);
      return failure("run_lost", lost_ + ". start_run plays a new run.");
    } catch (const drone_error& e) {
      if (const auto code = e.code()) return failure(std::string(to_string(*code)), sentence_of(e));
      // A connection left idle between runs may have been closed by the
      // server (--connection-idle-seconds): one more try, on a new one.
      again = again && !in_play();
      drop_connection(e.what());
      if (!again) {
        return failure("connection", std::string(e.what()) + ". The next call connects again.");
      }
    }
  }
}

drone& agent_session::connected() {
  if (!drone_) {
    drone_ = source_.connect(bot_);
    drone_->record_trail(true);
    trail_seen_ = 0;
  }
  return *drone_;
}

void agent_session::drop_connection(const std::string& why) {
  if (in_play()) {
    lost_ = "The connection was lost (" + why + "): run " + std::to_string(latest_->run) +
            " ended unseen.";
    report(report_kind::status);
  }
  if (config_.log) *config_.log << "ariadne-mcp: " << why << "\n";
  drone_.reset();
}

void agent_session::absorb() {
  const drone_state& s = drone_->state();
  const bool was_over = latest_ && latest_->result;
  latest_ = s;
  const auto& trail = drone_->trail();
  for (; trail_seen_ < trail.size(); ++trail_seen_) {
    if (trail_seen_ > 0) map_->walked(trail[trail_seen_ - 1], trail[trail_seen_]);
    map_->visit(trail[trail_seen_]);
  }
  map_->sense(s.position, s.open);
  if (s.result && !was_over && config_.log) {
    const run_result& r = *s.result;
    *config_.log << "ariadne-mcp: run " << s.run << " ended " << to_string(r.status) << ": steps "
                 << r.steps << ", bumps " << r.bumps << ", score " << r.score << ", optimal "
                 << r.optimal << "\n";
  }
}

run_facts agent_session::facts() const {
  run_facts f;
  f.first = &*first_;
  f.latest = &*latest_;
  if (config_.max_moves != 0) f.budget.max_moves = config_.max_moves;
  if (config_.max_calls != 0) f.budget.max_calls = config_.max_calls;
  f.budget.calls = calls_;
  f.visits = config_.memory_map ? &map_->figures() : nullptr;
  f.pages = pages_;
  f.path_letters = path_letters_;
  f.direction = direction_;
  f.lost = lost_;
  return f;
}

reply agent_session::report(report_kind kind) {
  const run_facts f = facts();
  reply r{run_view(f, kind), run_text(f, kind), ""};
  if (latest_->result || !lost_.empty()) {
    ended_[latest_->run] = {r.structured.dump(), r.text};
    if (ended_.size() > kept_reports) ended_.erase(ended_.begin());
  }
  return r;
}

bool agent_session::other_run(const json& arguments, bool report, reply& out) const {
  const auto at = arguments.find("run");
  if (at == arguments.end()) return false;
  const auto asked = at->get<std::uint64_t>();
  if (latest_ && asked == latest_->run) return false;
  const auto past = ended_.find(asked);
  if (past != ended_.end() && report) {
    out = reply{ordered_json::parse(past->second.first), past->second.second, ""};
  } else if (past != ended_.end()) {
    out = failure("no_run", "run " + std::to_string(asked) +
                                " has ended; start_run plays a new run (status reports it)");
  } else {
    out =
        failure("unknown_run", "run " + std::to_string(asked) + " is not a run of this session; " +
                                   (latest_ ? "its latest run is " + std::to_string(latest_->run)
                                            : std::string("no run has started yet")));
  }
  return true;
}

bool agent_session::past_budget(std::uint64_t moves, reply& out) const {
  if (config_.max_moves == 0 || !in_play()) return false;
  const std::uint64_t made = latest_->steps + latest_->bumps;
  const std::uint64_t left = made >= config_.max_moves ? 0 : config_.max_moves - made;
  if (moves <= left) return false;
  out = failure("move_budget", "run " + std::to_string(latest_->run) + " may make " +
                                   std::to_string(left) + " more moves (--max-moves " +
                                   std::to_string(config_.max_moves) + "); this asks for " +
                                   std::to_string(moves) + ": nothing was played");
  return true;
}

reply agent_session::start_run(const json& arguments) {
  const auto request = start_request(arguments, config_.maze, config_.seed);
  if (const auto* problem = std::get_if<protocol::parse_error>(&request)) {
    return failure(std::string(to_string(problem->code)), problem->message);
  }
  const auto& message = std::get<protocol::client_request>(request).message;
  drone& d = connected();
  if (const auto* ranked = std::get_if<protocol::challenge_start_message>(&message)) {
    d.start_challenge(ranked->challenge);
  } else {
    d.start(std::get<protocol::start_message>(message));
  }
  first_ = d.state();
  latest_.reset();
  map_.emplace(*first_->width, *first_->height);
  trail_seen_ = 0;
  lost_.clear();
  budget_spent_ = false;
  absorb();
  if (config_.log) {
    *config_.log << "ariadne-mcp: run " << first_->run << " started (" << first_->maze.value_or("?")
                 << " " << *first_->width << "x" << *first_->height << ") for " << bot_ << "\n";
  }
  return report(report_kind::start);
}

reply agent_session::play(const std::string& name, const json& arguments) {
  reply out;
  if (other_run(arguments, false, out)) return out;
  const bool moves = name == tool_names::move || name == tool_names::move_path;
  if (!lost_.empty()) return failure("run_lost", lost_ + " start_run plays a new run.");
  if (moves && budget_spent_) {
    return failure("move_budget", "run " + std::to_string(latest_->run) +
                                      " was abandoned when its " +
                                      std::to_string(config_.max_moves) +
                                      " moves (--max-moves) were spent; start_run plays a new run");
  }
  std::optional<protocol::client_message> message;
  if (moves) {
    const bool one = name == tool_names::move;
    const auto read =
        one ? command("move", "dir", arguments["dir"]) : command("path", "dirs", arguments["dirs"]);
    if (const auto* problem = std::get_if<protocol::parse_error>(&read)) {
      return failure(std::string(to_string(problem->code)), problem->message);
    }
    message = std::get<protocol::client_request>(read).message;
    const std::uint64_t asked = one ? 1 : std::get<protocol::path_message>(*message).dirs.size();
    if (past_budget(asked, out)) return out;
  }
  drone& d = connected();
  report_kind kind = report_kind::sense;
  if (name == tool_names::move) {
    const direction dir = std::get<protocol::move_message>(*message).dir;
    direction_ = to_char(dir);
    d.move(dir);
    kind = report_kind::move;
  } else if (name == tool_names::move_path) {
    const auto& dirs = std::get<protocol::path_message>(*message).dirs;
    path_letters_ = dirs.size();
    d.path(dirs);
    kind = report_kind::path;
  } else if (name == tool_names::abandon) {
    d.abandon();
    kind = report_kind::abandon;
  } else {
    d.sense();
  }
  absorb();
  std::string note;
  if (config_.max_moves != 0 && in_play() && latest_->steps + latest_->bumps >= config_.max_moves) {
    d.abandon();
    absorb();
    budget_spent_ = true;
    note = " The move budget of this run (--max-moves " + std::to_string(config_.max_moves) +
           ") is spent: the adapter abandoned it.";
  }
  reply r = report(kind);
  r.text += note;
  return r;
}

reply agent_session::memory_map(const json& arguments) {
  reply out;
  if (other_run(arguments, false, out)) return out;
  if (!map_) return failure("no_run", "no run yet; start one with start_run");
  out.structured =
      map_view(*map_, latest_->run, latest_->position, arguments.value("radius", 0), out.text);
  return out;
}

reply agent_session::status(const json& arguments) {
  reply out;
  if (other_run(arguments, true, out)) return out;
  if (!latest_) return failure("no_run", "no run yet; start one with start_run");
  reply r = report(report_kind::status);
  if (drone_ && source_.reconnects) {
    r.structured["reconnects"] = source_.reconnects(*drone_);
  }
  return r;
}

reply agent_session::list_challenges() {
  ordered_json list = source_.challenges(connected());
  std::string text = "The challenges of " + list["competition"].get<std::string>() + ":";
  for (const auto& c : list["challenges"]) {
    text += "\n- " + c["id"].get<std::string>() + ": " + std::to_string(c["width"].get<int>()) +
            "x" + std::to_string(c["height"].get<int>()) + ", " +
            std::to_string(c["attempts_left"].get<int>()) + " of " +
            std::to_string(c["attempts"].get<int>()) + " attempts left";
  }
  return reply{std::move(list), std::move(text), ""};
}

reply agent_session::calls_spent() {
  std::string sentence = "this session has made its " + std::to_string(config_.max_calls) +
                         " tool calls (--max-calls): no more calls are taken";
  if (drone_ && in_play()) {
    try {
      drone_->abandon();
      absorb();
      report(report_kind::abandon);
      sentence += "; run " + std::to_string(latest_->run) + " was abandoned";
    } catch (const drone_error&) {
      // Its connection's close ends it too.
    }
  }
  return failure("call_budget", sentence);
}

}  // namespace ariadne::mcp
