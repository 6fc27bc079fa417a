#include "server/net/client_session.hpp"

#include <spdlog/spdlog.h>

#include <variant>

#include "protocol/codec.hpp"
#include "protocol/fast_command.hpp"
#include "protocol/run_commands.hpp"
#include "server/game/run_setup.hpp"

namespace ariadne {

namespace {

using protocol::error_code;

}  // namespace

client_session::client_session(server_context& context, std::string id, std::string peer,
                               clock::time_point now)
    : context_(context),
      id_(std::move(id)),
      peer_(std::move(peer)),
      bucket_(context.config().rate_limit, context.config().rate_burst, now) {}

client_session::~client_session() {
  if (has_run()) {
    run_->abandon();
    settle_if_finished();
  }
}

void client_session::reply_error(error_code code, std::string_view message, std::string_view id,
                                 std::string& reply) {
  context_.stats().count_error(code);
  reply += protocol::write_server_message(protocol::error_message{code, std::string(message)}, id);
}

void client_session::handle(std::string_view frame, std::string& reply, clock::time_point now) {
  metrics& stats = context_.stats();
  stats.messages.fetch_add(1, std::memory_order_relaxed);
  // The hot path: a plain run command during a run, read in place. Anything
  // else, errors included, goes through the full parser below.
  if (has_run()) {
    if (const auto command = protocol::parse_fast_command(frame)) {
      if (!bucket_.take(now)) return reply_rate_limited(command->id, reply);
      rate_limited_in_a_row_ = 0;
      play(*command, command->id, reply, now);
      return;
    }
  }
  auto parsed = protocol::parse_client_message(frame);
  if (auto* problem = std::get_if<protocol::parse_error>(&parsed)) {
    reply_error(problem->code, problem->message, problem->id, reply);
    return;
  }
  auto& request = std::get<protocol::client_request>(parsed);
  const std::string_view id = request.id;
  if (!bucket_.take(now)) return reply_rate_limited(id, reply);
  rate_limited_in_a_row_ = 0;

  if (auto* hello = std::get_if<protocol::hello_message>(&request.message)) {
    if (greeted_) {
      reply_error(error_code::bad_request, "hello was already received on this connection", id,
                  reply);
      return;
    }
    greeted_ = true;
    name_ = hello->name;
    spdlog::info("session {} from {} is '{}'", id_, peer_, name_);
    reply += protocol::write_server_message(
        protocol::welcome_message{protocol::version, std::string("ariadne/") + ARIADNE_VERSION,
                                  id_},
        id);
    return;
  }
  if (!greeted_) {
    reply_error(error_code::hello_required, "send {\"type\":\"hello\",\"name\":\"...\"} first", id,
                reply);
    return;
  }
  if (auto* start = std::get_if<protocol::start_message>(&request.message)) {
    on_start(*start, id, reply, now);
    return;
  }
  if (!has_run()) {
    reply_error(
        error_code::no_run,
        run_ ? "the run has ended; send start to play again" : "no run yet; send start first", id,
        reply);
    return;
  }

  play(request.message, id, reply, now);
}

void client_session::reply_rate_limited(std::string_view id, std::string& reply) {
  ++rate_limited_in_a_row_;
  reply_error(error_code::rate_limited,
              "too many messages: the limit is " +
                  std::to_string(static_cast<long long>(context_.config().rate_limit)) +
                  " a second; wait for replies before sending more",
              id, reply);
}

template <typename Command>
void client_session::play(const Command& command, std::string_view id, std::string& reply,
                          clock::time_point now) {
  metrics& stats = context_.stats();
  const std::uint64_t moves_before = run_->steps() + run_->bumps();
  const protocol::state_message s = protocol::apply_command(*run_, command, now);
  stats.moves.fetch_add(run_->steps() + run_->bumps() - moves_before, std::memory_order_relaxed);
  protocol::append_state(reply, s, id);
  settle_if_finished();
  stats.observe_move_latency(clock::now() - now);
}

void client_session::on_start(const protocol::start_message& start, std::string_view id,
                              std::string& reply, clock::time_point now) {
  if (has_run()) {
    reply_error(error_code::run_active, "a run is in play; abandon it before starting another", id,
                reply);
    return;
  }
  if (!context_.try_reserve_run()) {
    reply_error(error_code::server_busy,
                "the server is running as many runs as it allows; try again shortly", id, reply);
    return;
  }
  const server_config& config = context_.config();
  const run_limits limits{config.max_maze_cells, config.bump_penalty,
                          config.max_run_seconds * 1000};
  auto setup = set_up_run(start, context_.catalog(), limits, context_.next_run_id(),
                          context_.random_seed(), now);
  if (auto* failure = std::get_if<setup_failure>(&setup)) {
    context_.release_run();
    reply_error(protocol::to_protocol(failure->problem), failure->message, id, reply);
    return;
  }
  auto& ready = std::get<run_setup>(setup);
  run_.emplace(std::move(ready.play));
  holds_run_slot_ = true;
  context_.stats().runs_started.fetch_add(1, std::memory_order_relaxed);
  spdlog::info("session {} ('{}') run {} started: {} {}x{} seed {} treasures {}", id_, name_,
               run_->id(), ready.maze_label, run_->maze().width(), run_->maze().height(),
               run_->seed(), run_->treasures());
  protocol::append_state(reply, protocol::start_state(*run_, std::move(ready.maze_label)), id);
}

void client_session::settle_if_finished() {
  if (!holds_run_slot_ || run_->active()) return;
  holds_run_slot_ = false;
  context_.release_run();
  const run_result r = run_->result();
  context_.stats().count_finished(protocol::to_protocol(r.status));
  spdlog::info(
      "session {} ('{}') run {} {}: steps {} bumps {} score {} optimal {} efficiency {:.3f}", id_,
      name_, run_->id(), to_string(r.status), r.steps, r.bumps, r.score, r.optimal, r.efficiency);
}

}  // namespace ariadne
