#include "server/app/client_session.hpp"

#include <spdlog/spdlog.h>

#include <utility>
#include <variant>

#include "core/model/limits.hpp"
#include "core/play/request_check.hpp"
#include "protocol/client_reader.hpp"
#include "protocol/commands.hpp"
#include "protocol/fast_command.hpp"
#include "protocol/fast_paint.hpp"
#include "protocol/message_writer.hpp"
#include "protocol/state_writer.hpp"
#include "server/app/server_context.hpp"

namespace ariadne {

client_session::client_session(server_context& context, std::string id, std::string peer,
                               std::string address, clock::time_point now)
    : core_(context, std::move(id), std::move(peer), std::move(address), now),
      starter_(core_),
      login_(core_, starter_),
      bucket_(context.config().rate_limit, context.config().rate_burst, now),
      paint_bucket_(paints_per_second, 2 * paints_per_second, now) {
  // Another server took the maze dealt: deal again, from the store's book.
  starter_.on_deal_taken = [this](const std::string& challenge, std::string_view request_id,
                                  std::string& reply) {
    return on_challenge_start(challenge, request_id, reply, clock::now());
  };
}

client_session::~client_session() {
  // In this order: a ranked run in play is parked for its competitor first;
  // what is left in play is abandoned and settled; a start still being set
  // up finds no one.
  login_.leave_seat();
  core_.seat.leave();
  core_.settle_if_finished(starter_.pending());
  starter_.cancel();
}

void client_session::on_open(std::weak_ptr<message_sink> sink) {
  core_.sink = std::move(sink);
  core_.arm_timer(false);  // the hello deadline
}

bool client_session::done_draining() const {
  return core_.context.draining() && !core_.seat.in_run() && !starter_.pending() &&
         !core_.result_waiting;
}

void client_session::on_wake(clock::time_point) {
  if (!done_draining()) return;
  if (const auto sink = core_.sink.lock()) sink->close(1001, draining_reason);
}

std::optional<websocket_handler::close_request> client_session::close_requested() const {
  if (done_draining()) return close_request{1001, draining_reason};
  if (login_.too_many_bad_tokens()) return close_request{1008, "too many wrong tokens"};
  if (rate_limited_in_a_row_ < core_.context.config().rate_abuse_limit) return std::nullopt;
  return close_request{1008, "rate limit exceeded repeatedly"};
}

bool client_session::within_rate(std::string_view id, std::string& reply, clock::time_point now) {
  if (bucket_.take(now)) {
    rate_limited_in_a_row_ = 0;
    return true;
  }
  ++rate_limited_in_a_row_;
  core_.reply_error({errc::rate_limited,
                     "too many messages: the limit is " +
                         std::to_string(static_cast<long long>(core_.context.config().rate_limit)) +
                         " a second; wait for replies before sending more"},
                    id, reply);
  return false;
}

websocket_handler::frame_result client_session::handle(std::string_view frame, std::string& reply,
                                                       clock::time_point now) {
  constexpr auto answered = frame_result::answered;
  // A ranked run's messages and moves stay out of the public counters: their
  // deltas would tell its score before the close.
  if (!core_.ranked) core_.context.stats().messages.fetch_add(1, std::memory_order_relaxed);
  core_.last_activity = now;
  // The hot path: a plain run command during a run, read in place. Anything
  // else, errors included, goes through the full parser below.
  if (core_.seat.in_run()) {
    if (const auto view = protocol::parse_fast_command(frame)) {
      if (!within_rate(view->id, reply, now)) return answered;
      protocol::path_buffer dirs;
      return play(protocol::command_of(*view, dirs), view->id, reply, now);
    }
  }
  // A paint, the biggest message a client sends, read without a JSON tree
  // (after the hello: before it, the full parser says hello_required).
  if (core_.greeted) {
    if (const auto paint = protocol::parse_fast_paint(frame)) {
      if (within_rate(paint->id, reply, now)) on_paint(paint->message, paint->id, reply, now);
      return answered;
    }
  }
  auto parsed = protocol::parse_client_message(frame);
  if (auto* problem = std::get_if<protocol::parse_error>(&parsed)) {
    core_.reply_error({problem->code, std::move(problem->message)}, problem->id, reply);
    return answered;
  }
  auto& request = std::get<protocol::client_request>(parsed);
  const std::string_view id = request.id;
  // A start the rules refuse is answered like a message the codec refuses:
  // before the hello and the rate limit.
  if (const auto* start = std::get_if<protocol::start_message>(&request.message)) {
    if (auto problem = check_request(*start)) {
      core_.reply_error(*problem, id, reply);
      return answered;
    }
  }
  if (!within_rate(id, reply, now)) return answered;
  if (auto* hello = std::get_if<protocol::hello_message>(&request.message)) {
    return login_.hello(*hello, id, reply);
  }
  if (!core_.greeted) {
    core_.reply_error({errc::hello_required, "send {\"type\":\"hello\",\"name\":\"...\"} first"},
                      id, reply);
    return answered;
  }
  const bool starts = std::holds_alternative<protocol::start_message>(request.message) ||
                      std::holds_alternative<protocol::challenge_start_message>(request.message);
  if (starts && core_.context.draining() && !core_.seat.in_run()) {
    // Answered, then closed (close_requested): the next connection reaches another server.
    core_.reply_error({errc::server_busy, "this server is draining: connect again to start"}, id,
                      reply);
    return answered;
  }
  if (auto* start = std::get_if<protocol::start_message>(&request.message)) {
    return on_start(*start, id, reply, now);
  }
  if (auto* start = std::get_if<protocol::challenge_start_message>(&request.message)) {
    return on_challenge_start(start->challenge, id, reply, now);
  }
  if (std::holds_alternative<protocol::challenges_message>(request.message)) {
    on_challenges(id, reply);
    return answered;
  }
  if (const auto* paint = std::get_if<protocol::paint_message>(&request.message)) {
    on_paint(*paint, id, reply, now);
    return answered;
  }
  const run_command command = *protocol::command_of(request.message);
  if (auto problem = core_.seat.refuse(command)) {
    core_.reply_error(*problem, id, reply);
    return answered;
  }
  return play(command, id, reply, now);
}

void client_session::on_paint(const protocol::paint_message& paint, std::string_view id,
                              std::string& reply, clock::time_point now) {
  if (!paint_bucket_.take(now)) {
    core_.reply_error({errc::rate_limited, "at most " + std::to_string(paints_per_second) +
                                               " paints a second: paint more cells at once"},
                      id, reply);
    // The rest of a flood waits in the sender's own socket: this connection
    // is read again once a paint is allowed (a 20th of a second).
    if (const auto sink = core_.sink.lock())
      sink->read_later(now + std::chrono::milliseconds(1000 / paints_per_second));
    return;
  }
  const run* r = core_.seat.current();
  if (!core_.seat.in_run() || r == nullptr || !core_.feed) {
    core_.reply_error({errc::no_run, "paint marks the cells of a run in play: start one first"}, id,
                      reply);
    return;
  }
  for (const paint_mark& m : paint.cells) {
    if (m.x < 0 || m.y < 0 || m.x >= r->maze().width() || m.y >= r->maze().height()) {
      core_.reply_error({errc::bad_request, "the cell (" + std::to_string(m.x) + ", " +
                                                std::to_string(m.y) + ") is outside the maze"},
                        id, reply);
      return;
    }
  }
  if (!core_.slot.holds_paint()) {
    // The paint's worst case, claimed at its first paint like a move log.
    memory_lease lease = core_.context.memory().claim(memory_budget::use::move_logs, core_.address,
                                                      paint_log::worst_bytes);
    if (!lease) {
      core_.reply_error({errc::server_busy,
                         "the server holds as much memory as it allows for your address: no "
                         "paint now"},
                        id, reply);
      return;
    }
    core_.slot.hold_paint(std::move(lease));
  }
  // Made after the moves so far: a replay shows it from there on.
  if (!core_.feed->paint().add({core_.feed->moves().size(), paint.clear, paint.cells})) {
    core_.reply_error(
        {errc::too_large, "a run paints at most " + std::to_string(limits::paint_cells_per_run) +
                              " cells in all: its paint is kept as it is"},
        id, reply);
    return;
  }
  reply += protocol::write_server_message(protocol::painted_reply{core_.feed->paint().marks()}, id);
}

websocket_handler::frame_result client_session::on_start(const run_request& start,
                                                         std::string_view id, std::string& reply,
                                                         clock::time_point now) {
  competition_hub* hub = core_.context.competition();
  if (hub != nullptr && !hub->rules().practice) {
    core_.reply_error({errc::unauthorized,
                       "this competition has no practice starts: start a challenge, "
                       "{\"type\":\"start\",\"challenge\":\"ID\"}, after a hello with your token"},
                      id, reply);
    return frame_result::answered;
  }
  if (hub != nullptr && start.maze.name &&
      hub->reserves_maze(*start.maze.name, std::chrono::system_clock::now())) {
    core_.reply_error({errc::unknown_maze,
                       "the maze \"" + start.maze.name->substr(0, 64) +
                           "\" is a competition challenge's: it opens to practice after the close"},
                      id, reply);
    return frame_result::answered;
  }
  return starter_.start(start, std::nullopt, id, reply, now);
}

websocket_handler::frame_result client_session::on_challenge_start(const std::string& challenge,
                                                                   std::string_view id,
                                                                   std::string& reply,
                                                                   clock::time_point now) {
  competition_hub* hub = core_.context.competition();
  if (hub == nullptr) {
    core_.reply_error({errc::unknown_challenge, "this server runs no competition"}, id, reply);
    return frame_result::answered;
  }
  if (!login_.competitor()) {
    core_.reply_error({errc::unauthorized, "ranked starts need a competitor's token in hello"}, id,
                      reply);
    return frame_result::answered;
  }
  if (login_.replaced()) {
    core_.reply_error({errc::unauthorized,
                       "another connection with your token took your seat: this one is closing"},
                      id, reply);
    return frame_result::answered;
  }
  if (auto problem = core_.seat.refuse_start()) {
    core_.reply_error(*problem, id, reply);
    return frame_result::answered;
  }
  auto opened =
      hub->open_attempt(*login_.competitor(), challenge, std::chrono::system_clock::now());
  if (auto* problem = std::get_if<request_error>(&opened)) {
    // With other servers on the store, this server's book is checked against
    // the store before it refuses: the competitor may have played, or had
    // an attempt given back, on another.
    auto sink = core_.sink.lock();
    const bool stale = problem->code == errc::no_attempts_left || problem->code == errc::run_active;
    if (stale && sink && !rechecked_ && hub->presence().shared()) {
      hub->read_back_now(login_.competitor()->id, challenge,
                         [this, sink, challenge, id = std::string(id)] {
                           sink->resume([this, challenge, id](std::string& answer) {
                             rechecked_ = true;
                             const auto r = on_challenge_start(challenge, id, answer, clock::now());
                             rechecked_ = false;
                             return r == frame_result::answered;
                           });
                         });
      return frame_result::deferred;
    }
    core_.reply_error(*problem, id, reply);
    return frame_result::answered;
  }
  auto& attempt = std::get<competition_hub::attempt>(opened);
  attempt.record.bot = core_.bot;
  return starter_.start(attempt.request, std::move(attempt.record), id, reply, now);
}

void client_session::on_challenges(std::string_view id, std::string& reply) {
  competition_hub* hub = core_.context.competition();
  if (hub == nullptr) {
    core_.reply_error({errc::bad_request, "this server runs no competition"}, id, reply);
  } else if (!login_.competitor()) {
    core_.reply_error(
        {errc::unauthorized, "the challenges are shown to competitors: say hello with your token"},
        id, reply);
  } else {
    reply += protocol::write_server_message(
        protocol::challenges_reply{hub->challenges_for(login_.competitor()->id)}, id);
  }
}

websocket_handler::frame_result client_session::play(const run_command& command,
                                                     std::string_view id, std::string& reply,
                                                     clock::time_point now) {
  // Only a command to the run counts against the idle limit: garbage does not.
  core_.last_command = now;
  metrics& stats = core_.context.stats();
  const run& current = *core_.seat.current();
  const std::uint64_t moves_before = current.steps() + current.bumps();
  drone_state s = core_.seat.play(command, now);
  const bool ranked = core_.ranked != nullptr;
  if (!ranked) {
    stats.moves.fetch_add(current.steps() + current.bumps() - moves_before,
                          std::memory_order_relaxed);
  }
  const bool ranked_result = core_.ranked && s.result;
  core_.present_ranked(s);
  const std::size_t reply_start = reply.size();
  protocol::append_state(reply, s, id);
  core_.settle_if_finished(starter_.pending());
  core_.seat.shed();
  if (!ranked) stats.observe_move_latency(clock::now() - now);
  if (!ranked_result || core_.sink.expired()) return frame_result::answered;
  // A ranked result is sent only once it is durable.
  core_.reply_when_durable(reply.substr(reply_start));
  reply.resize(reply_start);
  return frame_result::deferred;
}

void client_session::on_timer(clock::time_point now) {
  using session_deadlines::expiry;
  const server_config& config = core_.context.config();
  const auto sink = core_.sink.lock();
  switch (session_deadlines::due(core_.clocks(starter_.pending()), core_.deadline_limits(), now)) {
    case expiry::hello:
      spdlog::info("session {} sent no hello within {} s: closed (1008)", core_.id,
                   config.hello_seconds);
      if (sink) sink->close(1008, "no hello within " + std::to_string(config.hello_seconds) + " s");
      return;
    case expiry::run_time:
      if (core_.seat.expire_if_due(now)) {
        spdlog::info("session {} ('{}') run {}: its time limit passed", core_.id, core_.log_name,
                     core_.seat.current()->id());
        core_.settle_if_finished(starter_.pending());
      }
      break;
    case expiry::run_closed:
      spdlog::info("session {} ('{}') run {}: the competition closed {} s ago: ended", core_.id,
                   core_.log_name, core_.seat.current()->id(), config.close_grace_seconds);
      core_.seat.time_out();
      core_.settle_if_finished(starter_.pending());
      break;
    case expiry::run_idle:
      spdlog::info("session {} ('{}') run {}: no command for {} s", core_.id, core_.log_name,
                   core_.seat.current()->id(), config.run_idle_seconds);
      core_.seat.time_out();
      core_.settle_if_finished(starter_.pending());
      break;
    case expiry::connection_idle:
      spdlog::info("session {} ('{}') idle for {} s: closed (1008)", core_.id, core_.log_name,
                   config.connection_idle_seconds);
      if (sink) {
        sink->close(1008,
                    "no message for " + std::to_string(config.connection_idle_seconds) + " s");
      }
      return;
    case expiry::none:
      break;
  }
  // A run that ended on its clock while the server drains lets the connection go.
  if (done_draining() && sink) return sink->close(1001, draining_reason);
  core_.arm_timer(starter_.pending());
}

}  // namespace ariadne
