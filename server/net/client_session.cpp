#include "server/net/client_session.hpp"

#include <spdlog/spdlog.h>

#include <variant>

#include "core/play/request_check.hpp"
#include "protocol/codec.hpp"
#include "protocol/commands.hpp"
#include "protocol/fast_command.hpp"
#include "server/net/log_text.hpp"

namespace ariadne {

client_session::client_session(server_context& context, std::string id, std::string peer,
                               clock::time_point now)
    : context_(context),
      id_(std::move(id)),
      peer_(std::move(peer)),
      bucket_(context.config().rate_limit, context.config().rate_burst, now) {}

client_session::~client_session() {
  player_.leave();
  settle_if_finished();
}

std::optional<websocket_handler::close_request> client_session::close_requested() const {
  if (!abusive()) return std::nullopt;
  return close_request{1008, "rate limit exceeded repeatedly"};
}

void client_session::reply_error(const request_error& error, std::string_view id,
                                 std::string& reply) {
  context_.stats().count_error(error.code);
  reply += protocol::write_server_message(error, id);
}

void client_session::handle(std::string_view frame, std::string& reply, clock::time_point now) {
  metrics& stats = context_.stats();
  stats.messages.fetch_add(1, std::memory_order_relaxed);
  // The hot path: a plain run command during a run, read in place. Anything
  // else, errors included, goes through the full parser below.
  if (player_.in_run()) {
    if (const auto view = protocol::parse_fast_command(frame)) {
      if (!bucket_.take(now)) return reply_rate_limited(view->id, reply);
      rate_limited_in_a_row_ = 0;
      protocol::path_buffer dirs;
      play(protocol::command_of(*view, dirs), view->id, reply, now);
      return;
    }
  }
  auto parsed = protocol::parse_client_message(frame);
  if (auto* problem = std::get_if<protocol::parse_error>(&parsed)) {
    reply_error({problem->code, std::move(problem->message)}, problem->id, reply);
    return;
  }
  auto& request = std::get<protocol::client_request>(parsed);
  const std::string_view id = request.id;
  // A start the rules refuse is answered like a message the codec refuses:
  // before the hello and the rate limit.
  if (const auto* start = std::get_if<protocol::start_message>(&request.message)) {
    if (auto problem = check_request(*start)) return reply_error(*problem, id, reply);
  }
  if (!bucket_.take(now)) return reply_rate_limited(id, reply);
  rate_limited_in_a_row_ = 0;

  if (auto* hello = std::get_if<protocol::hello_message>(&request.message)) {
    if (greeted_) {
      reply_error({errc::bad_request, "hello was already received on this connection"}, id, reply);
      return;
    }
    greeted_ = true;
    name_ = hello->name;
    log_name_ = log_text(name_);
    spdlog::info("session {} from {} is '{}'", id_, peer_, log_name_);
    reply += protocol::write_server_message(
        protocol::welcome_message{protocol::version, std::string("ariadne/") + ARIADNE_VERSION,
                                  id_},
        id);
    return;
  }
  if (!greeted_) {
    reply_error({errc::hello_required, "send {\"type\":\"hello\",\"name\":\"...\"} first"}, id,
                reply);
    return;
  }
  if (auto* start = std::get_if<protocol::start_message>(&request.message)) {
    on_start(*start, id, reply, now);
    return;
  }
  const run_command command = *protocol::command_of(request.message);
  if (auto problem = player_.refuse(command)) return reply_error(*problem, id, reply);
  play(command, id, reply, now);
}

void client_session::reply_rate_limited(std::string_view id, std::string& reply) {
  ++rate_limited_in_a_row_;
  reply_error({errc::rate_limited,
               "too many messages: the limit is " +
                   std::to_string(static_cast<long long>(context_.config().rate_limit)) +
                   " a second; wait for replies before sending more"},
              id, reply);
}

void client_session::play(const run_command& command, std::string_view id, std::string& reply,
                          clock::time_point now) {
  metrics& stats = context_.stats();
  const run& current = *player_.current();
  const std::uint64_t moves_before = current.steps() + current.bumps();
  const drone_state s = player_.play(command, now);
  stats.moves.fetch_add(current.steps() + current.bumps() - moves_before,
                        std::memory_order_relaxed);
  protocol::append_state(reply, s, id);
  settle_if_finished();
  stats.observe_move_latency(clock::now() - now);
}

void client_session::on_start(const protocol::start_message& start, std::string_view id,
                              std::string& reply, clock::time_point now) {
  if (auto problem = player_.refuse_start()) return reply_error(*problem, id, reply);
  if (!context_.try_reserve_run()) {
    reply_error(
        {errc::server_busy, "the server is running as many runs as it allows; try again shortly"},
        id, reply);
    return;
  }
  const std::uint64_t run_id = context_.next_run_id();
  auto feed = context_.runs().open(run_id, name_);
  auto started = player_.start(start, context_.catalog(), context_.host(), run_id,
                               context_.random_seed(), now, feed.get());
  if (auto* problem = std::get_if<request_error>(&started)) {
    context_.release_run();
    context_.runs().close(run_id);
    reply_error(*problem, id, reply);
    return;
  }
  feed_ = std::move(feed);
  holds_run_slot_ = true;
  context_.stats().runs_started.fetch_add(1, std::memory_order_relaxed);
  const run& r = *player_.current();
  spdlog::info("session {} ('{}') run {} started: {} {}x{} seed {} treasures {}", id_, log_name_,
               r.id(), r.source().label(), r.maze().width(), r.maze().height(), r.seed(),
               r.treasures());
  protocol::append_state(reply, std::get<drone_state>(started), id);
}

void client_session::settle_if_finished() {
  if (!holds_run_slot_ || player_.in_run()) return;
  holds_run_slot_ = false;
  context_.release_run();
  const run& r = *player_.current();
  context_.runs().close(r.id());
  const run_result result = r.result();
  context_.stats().count_finished(result.status);
  spdlog::info(
      "session {} ('{}') run {} {}: steps {} bumps {} score {} optimal {} efficiency {:.3f}", id_,
      log_name_, r.id(), to_string(result.status), result.steps, result.bumps, result.score,
      result.optimal, result.efficiency);
}

}  // namespace ariadne
