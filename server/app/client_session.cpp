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
#include "server/host/error_reply.hpp"
#include "server/host/server_name.hpp"
#include "server/ranked/ranked_connection.hpp"
#include "server/ranked/ranked_play.hpp"

namespace ariadne {

client_session::client_session(run_host& host, ranked_play* ranked, const settings& configured,
                               const std::atomic<bool>& draining, connection_identity who,
                               clock::time_point now)
    : host_(host),
      ranked_play_(ranked),
      settings_(configured),
      draining_(draining),
      who_(std::move(who)),
      connected_at_(now),
      last_activity_(now),
      run_(host),
      starter_(host, run_, who_.address),
      bucket_(configured.rate_limit, configured.rate_burst, now),
      paint_bucket_(paints_per_second, 2 * paints_per_second, now) {}

client_session::~client_session() {
  // In this order: a ranked run in play is parked for its competitor first
  // (and a maze dealt given back); what is left in play is abandoned and
  // settled; a start still being set up finds no one.
  ranked_.reset();
  run_.leave();
  settle();
  starter_.cancel();
}

void client_session::on_open(std::weak_ptr<message_sink> sink) {
  sink_ = sink;
  starter_.set_sink(std::move(sink));
  arm_timer();  // the hello deadline
}

bool client_session::ranked_run() const {
  return ranked_ && ranked_->playing();
}

bool client_session::done_draining() const {
  return draining_.load(std::memory_order_acquire) && !run_.in_run() && !starter_.pending() &&
         !(ranked_ && ranked_->waiting_for_store());
}

void client_session::on_wake(clock::time_point) {
  if (!done_draining()) return;
  if (const auto sink = sink_.lock()) sink->close(1001, draining_reason);
}

std::optional<websocket_handler::close_request> client_session::close_requested() const {
  if (done_draining()) return close_request{1001, draining_reason};
  if (ranked_ && ranked_->too_many_bad_tokens()) {
    return close_request{1008, "too many wrong tokens"};
  }
  if (rate_limited_in_a_row_ < settings_.rate_abuse_limit) return std::nullopt;
  return close_request{1008, "rate limit exceeded repeatedly"};
}

bool client_session::within_rate(std::string_view id, std::string& reply, clock::time_point now) {
  if (bucket_.take(now)) {
    rate_limited_in_a_row_ = 0;
    return true;
  }
  ++rate_limited_in_a_row_;
  reply_error(
      host_.counters,
      {errc::rate_limited, "too many messages: the limit is " +
                               std::to_string(static_cast<long long>(settings_.rate_limit)) +
                               " a second; wait for replies before sending more"},
      id, reply);
  return false;
}

websocket_handler::frame_result client_session::handle(std::string_view frame, std::string& reply,
                                                       clock::time_point now) {
  constexpr auto answered = frame_result::answered;
  // A ranked run's messages and moves stay out of the public counters: their
  // deltas would tell its score before the close.
  if (!ranked_run()) host_.counters.messages.fetch_add(1, std::memory_order_relaxed);
  last_activity_ = now;
  // The hot path: a plain run command during a run, read in place. Anything
  // else, errors included, goes through the full parser below.
  if (run_.in_run()) {
    if (const auto view = protocol::parse_fast_command(frame)) {
      if (!within_rate(view->id, reply, now)) return answered;
      protocol::path_buffer dirs;
      return play(protocol::command_of(*view, dirs), view->id, reply, now);
    }
  }
  // A paint, the biggest message a client sends, read without a JSON tree
  // (after the hello: before it, the full parser says hello_required).
  if (who_.greeted) {
    if (const auto paint = protocol::parse_fast_paint(frame)) {
      if (within_rate(paint->id, reply, now)) on_paint(paint->message, paint->id, reply, now);
      return answered;
    }
  }
  auto parsed = protocol::parse_client_message(frame);
  if (auto* problem = std::get_if<protocol::parse_error>(&parsed)) {
    reply_error(host_.counters, {problem->code, std::move(problem->message)}, problem->id, reply);
    return answered;
  }
  auto& request = std::get<protocol::client_request>(parsed);
  const std::string_view id = request.id;
  // A start the rules refuse is answered like a message the codec refuses:
  // before the hello and the rate limit.
  if (const auto* start = std::get_if<protocol::start_message>(&request.message)) {
    if (auto problem = check_request(*start)) {
      reply_error(host_.counters, *problem, id, reply);
      return answered;
    }
  }
  if (!within_rate(id, reply, now)) return answered;
  if (auto* hello = std::get_if<protocol::hello_message>(&request.message)) {
    return on_hello(*hello, id, reply);
  }
  if (!who_.greeted) {
    reply_error(host_.counters,
                {errc::hello_required, "send {\"type\":\"hello\",\"name\":\"...\"} first"}, id,
                reply);
    return answered;
  }
  const bool starts = std::holds_alternative<protocol::start_message>(request.message) ||
                      std::holds_alternative<protocol::challenge_start_message>(request.message);
  if (starts && draining_.load(std::memory_order_acquire) && !run_.in_run()) {
    // Answered, then closed (close_requested): the next connection reaches another server.
    reply_error(host_.counters,
                {errc::server_busy, "this server is draining: connect again to start"}, id, reply);
    return answered;
  }
  if (auto* start = std::get_if<protocol::start_message>(&request.message)) {
    return on_start(*start, id, reply, now);
  }
  if (auto* start = std::get_if<protocol::challenge_start_message>(&request.message)) {
    if (ranked_play_ == nullptr) {
      reply_error(host_.counters, {errc::unknown_challenge, "this server runs no competition"}, id,
                  reply);
      return answered;
    }
    if (!ranked_) {
      reply_error(host_.counters,
                  {errc::unauthorized, "ranked starts need a competitor's token in hello"}, id,
                  reply);
      return answered;
    }
    return ranked_->start(start->challenge, id, reply, now);
  }
  if (std::holds_alternative<protocol::challenges_message>(request.message)) {
    if (ranked_play_ == nullptr) {
      reply_error(host_.counters, {errc::bad_request, "this server runs no competition"}, id,
                  reply);
    } else if (!ranked_) {
      reply_error(host_.counters,
                  {errc::unauthorized,
                   "the challenges are shown to competitors: say hello with your token"},
                  id, reply);
    } else {
      ranked_->challenges(id, reply);
    }
    return answered;
  }
  if (const auto* paint = std::get_if<protocol::paint_message>(&request.message)) {
    on_paint(*paint, id, reply, now);
    return answered;
  }
  const run_command command = *protocol::command_of(request.message);
  if (auto problem = run_.refuse(command)) {
    reply_error(host_.counters, *problem, id, reply);
    return answered;
  }
  return play(command, id, reply, now);
}

websocket_handler::frame_result client_session::on_hello(const protocol::hello_message& hello,
                                                         std::string_view id, std::string& reply) {
  if (who_.greeted) {
    reply_error(host_.counters,
                {errc::bad_request, "hello was already received on this connection"}, id, reply);
    return frame_result::answered;
  }
  if (!hello.token) {
    if (ranked_play_ != nullptr) {
      if (auto problem = ranked_play_->name_refusal(hello.name)) {
        reply_error(host_.counters, *problem, id, reply);
        return frame_result::answered;
      }
    }
    who_.set_name(hello.name);
    who_.bot = hello.bot.value_or("");
    who_.greeted = true;
    spdlog::info("session {} from {} is '{}' (bot '{}')", who_.id, who_.peer, who_.log_name,
                 log_text(who_.bot));
    reply += protocol::write_server_message(
        protocol::welcome_message{protocol::version, server_name(), who_.id}, id);
    return frame_result::answered;
  }
  if (ranked_play_ == nullptr) {
    reply_error(host_.counters,
                {errc::unauthorized, "this server runs no competition: say hello without a token"},
                id, reply);
    return frame_result::answered;
  }
  // The connection's ranked part, from its first hello with a token on (a
  // wrong token may be followed by another).
  if (!ranked_) {
    ranked_ =
        std::make_unique<ranked_connection>(*ranked_play_, host_, who_, run_, starter_, sink_);
  }
  return ranked_->hello(hello, id, reply);
}

websocket_handler::frame_result client_session::on_start(const run_request& start,
                                                         std::string_view id, std::string& reply,
                                                         clock::time_point now) {
  if (ranked_play_ != nullptr) {
    if (auto problem = ranked_play_->practice_refusal(start, std::chrono::system_clock::now())) {
      reply_error(host_.counters, *problem, id, reply);
      return frame_result::answered;
    }
  }
  return starter_.start(
      start, {who_.name, "", who_.bot}, {}, nullptr, reply, now,
      [this, id = std::string(id)](std::variant<run_starter::ready_run, request_error> outcome,
                                   std::string& answer, clock::time_point at) {
        return on_practice_ready(std::move(outcome), id, answer, at);
      });
}

bool client_session::on_practice_ready(std::variant<run_starter::ready_run, request_error> outcome,
                                       std::string_view id, std::string& reply,
                                       clock::time_point now) {
  if (auto* problem = std::get_if<request_error>(&outcome)) {
    reply_error(host_.counters, *problem, id, reply);
    return true;
  }
  drone_state started =
      run_.begin(std::move(std::get<run_starter::ready_run>(outcome).prepared), now);
  arm_timer();
  const run& r = *run_.current();
  spdlog::info("session {} ('{}') run {} started: {} {}x{} seed {} treasures {}", who_.id,
               who_.log_name, r.id(), r.source().label(), r.maze().width(), r.maze().height(),
               r.seed(), r.treasures());
  protocol::append_state(reply, started, id);
  return true;
}

void client_session::on_paint(const protocol::paint_message& paint, std::string_view id,
                              std::string& reply, clock::time_point now) {
  if (!paint_bucket_.take(now)) {
    reply_error(host_.counters,
                {errc::rate_limited, "at most " + std::to_string(paints_per_second) +
                                         " paints a second: paint more cells at once"},
                id, reply);
    // The rest of a flood waits in the sender's own socket: this connection
    // is read again once a paint is allowed (a 20th of a second).
    if (const auto sink = sink_.lock())
      sink->read_later(now + std::chrono::milliseconds(1000 / paints_per_second));
    return;
  }
  if (auto problem = run_.paint(paint, who_.address)) {
    reply_error(host_.counters, *problem, id, reply);
    return;
  }
  reply +=
      protocol::write_server_message(protocol::painted_reply{run_.feed()->paint().marks()}, id);
}

websocket_handler::frame_result client_session::play(const run_command& command,
                                                     std::string_view id, std::string& reply,
                                                     clock::time_point now) {
  const bool ranked = ranked_run();
  const run& current = *run_.current();
  const std::uint64_t moves_before = current.steps() + current.bumps();
  drone_state s = run_.play(command, now);
  if (!ranked) {
    host_.counters.moves.fetch_add(current.steps() + current.bumps() - moves_before,
                                   std::memory_order_relaxed);
  }
  const bool ranked_result = ranked && s.result;
  if (ranked) ranked_->present(s);
  const std::size_t reply_start = reply.size();
  protocol::append_state(reply, s, id);
  if (!run_.in_run()) settle();
  run_.shed();
  if (!ranked) host_.counters.observe_move_latency(clock::now() - now);
  if (!ranked_result) return frame_result::answered;
  // A ranked result is sent only once it is durable.
  return ranked_->reply_when_durable(reply, reply_start);
}

void client_session::settle() {
  const run* r = run_.current();
  const auto result = run_.settle();
  if (!result) return;
  if (ranked_run()) ranked_->record_end(*result);
  spdlog::info(
      "session {} ('{}') run {} {}: steps {} bumps {} score {} optimal {} efficiency {:.3f}",
      who_.id, who_.log_name, r->id(), to_string(result->status), result->steps, result->bumps,
      result->score, result->optimal, result->efficiency);
  // A connection between runs holds no maze, and only the idle limit's timer.
  run_.shed();
  arm_timer();
}

session_deadlines::clocks client_session::clocks() const {
  session_deadlines::clocks c;
  c.greeted = who_.greeted;
  c.in_run = run_.in_run();
  c.starting = starter_.pending();
  if (c.in_run) c.run_deadline = run_.current()->deadline();
  if (c.in_run && ranked_run()) c.close_deadline = ranked_->close_deadline();
  c.connected_at = connected_at_;
  c.last_activity = last_activity_;
  c.last_command = run_.last_command();
  return c;
}

void client_session::arm_timer() {
  const auto sink = sink_.lock();
  if (!sink) return;
  if (const auto next = session_deadlines::next_deadline(clocks(), settings_.deadlines)) {
    sink->wake_at(*next);
  }
}

void client_session::on_timer(clock::time_point now) {
  using session_deadlines::expiry;
  const session_deadlines::limits& limits = settings_.deadlines;
  const auto sink = sink_.lock();
  switch (session_deadlines::due(clocks(), limits, now)) {
    case expiry::hello:
      spdlog::info("session {} sent no hello within {} s: closed (1008)", who_.id,
                   limits.hello_seconds);
      if (sink) sink->close(1008, "no hello within " + std::to_string(limits.hello_seconds) + " s");
      return;
    case expiry::run_time:
      if (run_.expire_if_due(now)) {
        spdlog::info("session {} ('{}') run {}: its time limit passed", who_.id, who_.log_name,
                     run_.current()->id());
        settle();
      }
      break;
    case expiry::run_closed:
      spdlog::info("session {} ('{}') run {}: the competition closed and its grace passed: ended",
                   who_.id, who_.log_name, run_.current()->id());
      run_.time_out();
      settle();
      break;
    case expiry::run_idle:
      spdlog::info("session {} ('{}') run {}: no command for {} s", who_.id, who_.log_name,
                   run_.current()->id(), limits.run_idle_seconds);
      run_.time_out();
      settle();
      break;
    case expiry::connection_idle:
      spdlog::info("session {} ('{}') idle for {} s: closed (1008)", who_.id, who_.log_name,
                   limits.connection_idle_seconds);
      if (sink) {
        sink->close(1008,
                    "no message for " + std::to_string(limits.connection_idle_seconds) + " s");
      }
      return;
    case expiry::none:
      break;
  }
  // A run that ended on its clock while the server drains lets the connection go.
  if (done_draining() && sink) return sink->close(1001, draining_reason);
  arm_timer();
}

}  // namespace ariadne
