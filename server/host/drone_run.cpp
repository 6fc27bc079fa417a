#include "server/host/drone_run.hpp"

#include "core/model/limits.hpp"
#include "core/play/paint_rules.hpp"

namespace ariadne {

drone_state drone_run::begin(prepared_run prepared, clock::time_point now) {
  prepared.ready.restart_clock(now);
  drone_state started = game_.begin(std::move(prepared.ready));
  feed_ = std::move(prepared.feed);
  slot_ = std::move(prepared.slot);
  last_command_ = now;
  host_.counters.runs_started.fetch_add(1, std::memory_order_relaxed);
  return started;
}

void drone_run::adopt(held_run held, clock::time_point now) {
  game_ = std::move(held.game);
  slot_ = std::move(held.slot);
  feed_ = std::move(held.feed);
  last_command_ = now;
}

std::optional<held_run> drone_run::release() {
  if (!game_.in_run() || !slot_) return std::nullopt;
  held_run held{std::move(game_), std::move(slot_), std::move(feed_)};
  game_ = drone_game{};
  return held;
}

std::optional<request_error> drone_run::paint(const protocol::paint_message& paint,
                                              const std::string& address) {
  const run* r = game_.current();
  if (!game_.in_run() || r == nullptr || !feed_) {
    return request_error{errc::no_run, "paint marks the cells of a run in play: start one first"};
  }
  if (auto problem = check_paint_cells(*r, paint.cells)) return problem;
  if (!slot_.holds_paint()) {
    // The paint's worst case, claimed at its first paint like a move log.
    memory_lease lease =
        host_.memory.claim(memory_budget::use::move_logs, address, paint_log::worst_bytes);
    if (!lease) {
      return request_error{
          errc::server_busy,
          "the server holds as much memory as it allows for your address: no paint now"};
    }
    slot_.hold_paint(std::move(lease));
  }
  // Made after the moves so far: a replay shows it from there on.
  return feed_->paint().add({feed_->moves().size(), paint.clear, paint.cells, paint.log});
}

std::optional<run_result> drone_run::settle() {
  if (!slot_ || game_.in_run() || game_.current() == nullptr) return std::nullopt;
  slot_.release();
  const run& r = *game_.current();
  host_.runs.close(r.id());
  const run_result result = r.result();
  host_.counters.count_finished(result.status);
  return result;
}

}  // namespace ariadne
