#include "server/app/session_core.hpp"

#include <spdlog/spdlog.h>

#include "protocol/message_writer.hpp"
#include "server/app/ranked_runs.hpp"
#include "server/app/server_context.hpp"
#include "server/net/log_text.hpp"

namespace ariadne {

session_core::session_core(server_context& context_in, std::string id_in, std::string peer_in,
                           std::string address_in, clock::time_point now)
    : context(context_in),
      id(std::move(id_in)),
      peer(std::move(peer_in)),
      address(std::move(address_in)),
      connected_at(now),
      last_activity(now),
      last_command(now) {}

void session_core::set_name(std::string new_name) {
  name = std::move(new_name);
  log_name = log_text(name);
}

void session_core::reply_error(const request_error& error, std::string_view request_id,
                               std::string& reply) {
  context.stats().count_error(error.code);
  reply += protocol::write_server_message(error, request_id);
}

void session_core::present_ranked(drone_state& state) const {
  if (!ranked) return;
  hide_ranked_secrets(state, ranked->challenge);
  // A start, a takeover and a result say where the run stands in its attempt.
  if (state.width || state.result) {
    state.set =
        context.competition()->position_of(*ranked, state.result ? &*state.result : nullptr);
  }
}

session_deadlines::clocks session_core::clocks(bool starting) const {
  session_deadlines::clocks c;
  c.greeted = greeted;
  c.in_run = seat.in_run();
  c.starting = starting;
  if (c.in_run) c.run_deadline = seat.current()->deadline();
  const std::uint64_t grace = context.config().close_grace_seconds;
  const competition_hub* hub = context.competition();
  const auto closes_at =
      c.in_run && ranked && grace != 0 && hub != nullptr ? hub->closes_at() : std::nullopt;
  if (closes_at) {
    // The close is a wall-clock time; the timers run on the steady clock.
    const auto left = *closes_at + std::chrono::seconds(grace) - std::chrono::system_clock::now();
    c.close_deadline = clock::now() + std::chrono::duration_cast<clock::duration>(left);
  }
  c.connected_at = connected_at;
  c.last_activity = last_activity;
  c.last_command = last_command;
  return c;
}

session_deadlines::limits session_core::deadline_limits() const {
  const server_config& config = context.config();
  return {config.hello_seconds, config.run_idle_seconds, config.connection_idle_seconds};
}

void session_core::arm_timer(bool starting) {
  const auto s = sink.lock();
  if (!s) return;
  if (const auto next = session_deadlines::next_deadline(clocks(starting), deadline_limits())) {
    s->wake_at(*next);
  }
}

void session_core::settle_if_finished(bool starting) {
  if (!slot || seat.in_run()) return;
  slot.release();
  const run& r = *seat.current();
  context.runs().close(r.id());
  const run_result result = r.result();
  context.stats().count_finished(result.status);
  if (ranked) {
    end_written = std::make_shared<std::atomic<int>>(0);
    record_ranked_end(*context.competition(), *ranked, result, feed.get(),
                      [written = end_written](bool durable) { written->store(durable ? 1 : 2); });
  }
  spdlog::info(
      "session {} ('{}') run {} {}: steps {} bumps {} score {} optimal {} efficiency {:.3f}", id,
      log_name, r.id(), to_string(result.status), result.steps, result.bumps, result.score,
      result.optimal, result.efficiency);
  // A connection between runs holds no maze, and only the idle limit's timer.
  seat.shed();
  arm_timer(starting);
}

void session_core::reply_when_durable(std::string text) {
  auto s = sink.lock();
  if (!s) return;
  result_waiting = true;
  // The barrier runs after the result's own write has reported (one queue,
  // in order); what matters is whether that write landed. The sink holds
  // the session, and this with it, until it resumes.
  context.competition()->after_writes([this, s, text = std::move(text),
                                       written = end_written](bool) {
    if (written && written->load() == 1) {
      s->resume([this, text](std::string& answer) {
        result_waiting = false;
        answer += text;
        return true;
      });
      return;
    }
    // A result that could not be recorded is not sent: the competitor must
    // never hold a result the leaderboard does not know.
    spdlog::error("a ranked result could not be recorded: its connection is closed");
    s->resume([this](std::string& answer) {
      result_waiting = false;
      answer += protocol::write_server_message(request_error{
          errc::server_busy, "the server could not record this run's result; it is not ranked"});
      return true;
    });
    s->close(1011, "the results store failed");
  });
}

}  // namespace ariadne
