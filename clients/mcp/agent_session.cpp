#include "clients/mcp/agent_session.hpp"

#include <algorithm>

#include "clients/mcp/mcp_dispatcher.hpp"
#include "clients/mcp/schema_check.hpp"
#include "clients/mcp/start_request.hpp"
#include "clients/mcp/tool_reply.hpp"
#include "clients/sdk/remote_drone.hpp"
#include "clients/sdk/server_url.hpp"
#include "core/model/limits.hpp"
#include "protocol/text_excerpt.hpp"

namespace ariadne::mcp {

using json = nlohmann::json;
using ordered_json = nlohmann::ordered_json;

using reply = tool_reply;

agent_session::agent_session(agent_config config, drone_source source)
    : config_(std::move(config)), source_(std::move(source)), pages_(pages_url(config_.url)) {
  catalog_options_.memory_map = config_.memory_map;
  catalog_options_.ranked = config_.ranked;
  catalog_options_.fixed_maze = config_.fixed_maze;
  const maze_options& m = config_.maze;
  catalog_options_.maze_summary = (m.maze.empty() ? m.generator + " " + m.size : "maze " + m.maze) +
                                  (config_.seed ? ", seed " + std::to_string(*config_.seed) : "");
  catalog_ = std::make_unique<const ordered_json>(tool_catalog(catalog_options_));
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
  return *catalog_;
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
  const auto tool = std::find_if(catalog_->begin(), catalog_->end(),
                                 [&](const ordered_json& t) { return t["name"] == name; });
  if (tool == catalog_->end()) return "unknown tool \"" + shown(name) + "\"";
  if (auto problem = schema_problem(arguments, (*tool)["inputSchema"])) {
    return name + ": " + *problem;
  }
  const bool spent = config_.max_calls != 0 && calls_ > config_.max_calls;
  result = as_result(spent ? calls_spent() : run_tool(name, arguments));
  return std::nullopt;
}

reply agent_session::run_tool(const std::string& name, const json& arguments) {
  adopted_now_ = false;
  const auto began = std::chrono::steady_clock::now();
  if (source_.call_began) source_.call_began(began);
  for (bool again = drone_ != nullptr;; again = false) {
    try {
      // A run an earlier call's mended connection brought back.
      adopt_handed_back();
      if (name == tool_names::start_run) return start_run(arguments);
      if (name == tool_names::memory_map) return memory_map(arguments);
      if (name == tool_names::status) return status(arguments);
      if (name == tool_names::list_challenges) return list_challenges();
      return play(name, arguments);
    } catch (const run_lost& e) {
      // The connection came back, the run did not (another may have).
      const std::string lost = lost_ = protocol::printable_excerpt(e.what(), sentence_bytes);
      if (config_.log) *config_.log << "ariadne-mcp: " << lost << "\n";
      if (latest_) report(report_kind::status);
      const bool handed = adopt_handed_back();
      return failure("run_lost", lost + (handed ? ". The server handed this connection run " +
                                                      std::to_string(latest_->run) +
                                                      " instead: sense and status report it."
                                                : ". start_run plays a new run."));
    } catch (const drone_error& e) {
      if (const auto code = e.code()) return failure(std::string(to_string(*code)), e.sentence());
      // A mended connection's welcome handed back another run, and the
      // request, sent again, was answered in it.
      if (drone_ && adopt_handed_back()) return adopted_reply(name, true);
      // A connection left idle between runs may have been closed by the
      // server (--connection-idle-seconds): one more try, on a new one, when
      // that came at once (the call's time stays within --call-seconds).
      again = again && !in_play() && std::chrono::steady_clock::now() - began < retry_within;
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
    drone_->record_trail(config_.memory_map);
    welcomes_seen_.reset();
    adopt_handed_back();
  }
  return *drone_;
}

void agent_session::drop_connection(const std::string& why) {
  if (in_play()) {
    // A ranked run waits on the server for its competitor (--resume-seconds).
    lost_ = "The connection was lost (" + protocol::printable_excerpt(why, 200) + "): run " +
            std::to_string(latest_->run) +
            (first_->set ? " is kept by the server a while: the next call connects again and "
                           "takes it back if it is still there."
                         : " ended unseen.");
    report(report_kind::status);
  }
  if (config_.log) *config_.log << "ariadne-mcp: " << why << "\n";
  drone_.reset();
}

bool agent_session::adopt_handed_back() {
  if (!drone_ || !source_.handed_back) return false;
  const unsigned welcomes = source_.reconnects ? source_.reconnects(*drone_) : 0;
  if (welcomes_seen_ == welcomes) return false;
  welcomes_seen_ = welcomes;
  const auto back = source_.handed_back(*drone_);
  // A run the drone plays already came back: the SDK answered for it.
  if (!back || (drone_->maze_width() != 0 && back->run == drone_->state().run)) return false;
  try {
    drone_->take_over(*back);
  } catch (const drone_error& e) {
    // A lying server's run: the requests of this connection will say so.
    if (config_.log) *config_.log << "ariadne-mcp: run not taken over: " << e.what() << "\n";
    return false;
  }
  begin_run(true);
  return true;
}

void agent_session::begin_run(bool taken_over) {
  const drone_state& s = drone_->state();
  // The session's own run, lost with a connection, came back with a new one.
  const bool same = taken_over && latest_ && s.run == latest_->run;
  trail_seen_ = same && s.position == latest_->position ? 1 : 0;
  if (!same) {
    first_ = s;
    handle_ = handles_.issue(s.run);
    taken_over_ = taken_over;
    if (config_.memory_map) map_.emplace(*s.width, *s.height);
  }
  adopted_now_ = taken_over && !same;
  latest_.reset();
  lost_.clear();
  budget_spent_ = false;
  absorb();
  if (config_.log) {
    *config_.log << "ariadne-mcp: run " << s.run << (taken_over ? " taken over (" : " started (")
                 << first_->maze.value_or("?") << " " << *first_->width << "x" << *first_->height
                 << ") for " << bot_ << "\n";
  }
}

reply agent_session::adopted_reply(const std::string& name, bool sent) {
  if (name != tool_names::move && name != tool_names::move_path && name != tool_names::abandon) {
    return report(report_kind::start);
  }
  const std::string handed = "the server handed this connection run " +
                             std::to_string(latest_->run) + " (handle " + std::to_string(handle_) +
                             "), kept in play for this competitor, and it is now this session's "
                             "run: ";
  if (!sent) {
    return failure("taken_over", "nothing was played: " + handed +
                                     "sense or status reports it, and the next move plays it");
  }
  // Its state is the welcome's, from before this request: a new connection's
  // welcome says how the run stands (the server keeps it meanwhile).
  drone_.reset();
  return failure("taken_over", handed + "this " + name +
                                   " may have been played in it; the next call connects again "
                                   "and reports the run as it stands");
}

void agent_session::absorb() {
  const drone_state& s = drone_->state();
  const bool was_over = latest_ && latest_->result;
  latest_ = s;
  if (map_) {
    const auto& trail = drone_->trail();
    for (; trail_seen_ < trail.size(); ++trail_seen_) {
      if (trail_seen_ > 0) map_->walked(trail[trail_seen_ - 1], trail[trail_seen_]);
      map_->visit(trail[trail_seen_]);
    }
    // The map holds what the trail said: memory stays that of the map.
    drone_->trim_trail();
    trail_seen_ = drone_->trail().size();
    map_->sense(s.position, s.open);
  }
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
  f.handle = handle_;
  f.taken_over = taken_over_;
  if (config_.max_moves != 0) f.budget.max_moves = config_.max_moves;
  if (config_.max_calls != 0) f.budget.max_calls = config_.max_calls;
  f.budget.calls = calls_;
  f.visits = map_ ? &map_->figures() : nullptr;
  f.pages = pages_;
  f.path_letters = path_letters_;
  f.direction = direction_;
  f.lost = lost_;
  return f;
}

reply agent_session::report(report_kind kind) {
  const run_facts f = facts();
  reply r{run_view(f, kind), run_text(f, kind), ""};
  if (latest_->result || !lost_.empty()) handles_.keep(handle_, {r.structured.dump(), r.text});
  return r;
}

bool agent_session::other_run(const json& arguments, bool report, reply& out) const {
  const auto at = arguments.find("run");
  if (at == arguments.end()) return false;
  const auto asked = at->get<std::uint64_t>();
  if (latest_ && asked == handle_) return false;
  const run_handles::report* past = handles_.find(asked);
  if (past != nullptr && report) {
    out = reply{ordered_json::parse(past->structured), past->text, ""};
  } else if (past != nullptr) {
    out = failure("no_run", "run " + std::to_string(asked) +
                                " has ended; start_run plays a new run (status reports it)");
  } else {
    out =
        failure("unknown_run", "run " + std::to_string(asked) + " is not a run of this session; " +
                                   (latest_ ? "its latest run is " + std::to_string(handle_)
                                            : std::string("no run has started yet")));
  }
  return true;
}

reply agent_session::start_run(const json& arguments) {
  const auto request = start_request(arguments, config_.maze, config_.seed);
  if (const auto* problem = std::get_if<protocol::parse_error>(&request)) {
    return failure(std::string(to_string(problem->code)), problem->message);
  }
  const auto& message = std::get<protocol::client_request>(request).message;
  drone& d = connected();
  // A run the server kept for this competitor is the run in play.
  if (in_play() && taken_over_) return report(report_kind::start);
  if (const auto* ranked = std::get_if<protocol::challenge_start_message>(&message)) {
    d.start_challenge(ranked->challenge);
  } else {
    d.start(std::get<protocol::start_message>(message));
  }
  begin_run(false);
  return report(report_kind::start);
}

reply agent_session::play(const std::string& name, const json& arguments) {
  reply out;
  if (other_run(arguments, false, out)) return out;
  const bool moves = name == tool_names::move || name == tool_names::move_path;
  if (moves && budget_spent_) {
    return failure("move_budget", "run " + std::to_string(latest_->run) +
                                      " was abandoned when its " +
                                      std::to_string(config_.max_moves) +
                                      " moves (--max-moves) were spent; start_run plays a new run");
  }
  std::optional<protocol::client_message> message;
  if (moves) {
    const bool one = name == tool_names::move;
    const auto read = one ? run_command("move", "dir", arguments["dir"])
                          : run_command("path", "dirs", arguments["dirs"]);
    if (const auto* problem = std::get_if<protocol::parse_error>(&read)) {
      return failure(std::string(to_string(problem->code)), problem->message);
    }
    message = std::get<protocol::client_request>(read).message;
    const std::uint64_t asked = one ? 1 : std::get<protocol::path_message>(*message).dirs.size();
    const auto why = in_play() ? budget_refusal(*latest_, config_.max_moves, asked) : std::nullopt;
    if (why) return failure("move_budget", *why);
  }
  // Connecting again may bring a lost ranked run back.
  drone& d = connected();
  if (adopted_now_) return adopted_reply(name);
  if (!lost_.empty()) return failure("run_lost", lost_ + " start_run plays a new run.");
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
    // The report is the move's own (moved, done), then the run's end.
    const drone_state played = *latest_;
    d.abandon();
    absorb();
    latest_->moved = played.moved;
    latest_->done = played.done;
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
  out.structured = map_view(*map_, facts(), arguments.value("radius", 0), out.text);
  return out;
}

reply agent_session::status(const json& arguments) {
  reply out;
  if (other_run(arguments, true, out)) return out;
  if (!drone_ && config_.ranked && !in_play()) {
    // A hello finds a ranked run the server kept for this competitor.
    try {
      connected();
    } catch (const drone_error&) {
      // Unreachable: status says what the session knows.
    }
  }
  if (!latest_) return failure("no_run", "no run yet; start one with start_run");
  reply r = report(adopted_now_ ? report_kind::start : report_kind::status);
  if (drone_ && source_.reconnects) {
    r.structured["reconnects"] = source_.reconnects(*drone_);
  }
  return r;
}

reply agent_session::list_challenges() {
  ordered_json list = source_.challenges(connected());
  std::string text = challenges_text(list);
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
