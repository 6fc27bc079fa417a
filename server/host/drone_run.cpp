#include "server/host/drone_run.hpp"

#include "core/model/limits.hpp"

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
  for (const paint_mark& m : paint.cells) {
    if (m.x < 0 || m.y < 0 || m.x >= r->maze().width() || m.y >= r->maze().height()) {
      return request_error{errc::bad_request, "the cell (" + std::to_string(m.x) + ", " +
                                                  std::to_string(m.y) + ") is outside the maze"};
    }
  }
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
  if (!feed_->paint().add({feed_->moves().size(), paint.clear, paint.cells})) {
    return request_error{errc::too_large, "a run paints at most " +
                                              std::to_string(limits::paint_cells_per_run) +
                                              " cells in all: its paint is kept as it is"};
  }
  return std::nullopt;
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
