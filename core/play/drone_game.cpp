#include "core/play/drone_game.hpp"

#include <cassert>

#include "core/play/commands.hpp"
#include "core/play/request_check.hpp"

namespace ariadne {

std::optional<request_error> drone_game::refuse_start() const {
  if (!in_run()) return std::nullopt;
  return request_error{errc::run_active, "a run is in play; abandon it before starting another"};
}

std::variant<drone_state, request_error> drone_game::start(
    const run_request& request, const maze_catalog& catalog, const host_limits& host,
    std::uint64_t run_id, std::uint64_t seed_if_absent, clock::time_point now,
    run_observer* observer) {
  if (auto problem = refuse_start()) return std::move(*problem);
  auto setup = set_up_run(request, catalog, host, run_id, seed_if_absent, now, observer);
  if (auto* problem = std::get_if<request_error>(&setup)) return std::move(*problem);
  return begin(std::move(std::get<run>(setup)));
}

drone_state drone_game::begin(run r) {
  assert(!in_run());
  run_ = std::make_unique<run>(std::move(r));
  had_run_ = true;
  end_unseen_ = false;
  return start_state(*run_);
}

std::optional<request_error> drone_game::refuse(const run_command& command) const {
  if (auto problem = check_command(command)) return problem;
  if (in_run() || end_unseen_) return std::nullopt;
  return request_error{errc::no_run, had_run_ ? "the run has ended; send start to play again"
                                              : "no run yet; send start first"};
}

drone_state drone_game::play(const run_command& command, clock::time_point now) {
  assert(in_run() || end_unseen_);
  end_unseen_ = false;
  return apply(*run_, command, now);
}

bool drone_game::expire_if_due(clock::time_point now) {
  if (!in_run() || !run_->expire_if_due(now)) return false;
  end_unseen_ = true;
  return true;
}

void drone_game::time_out() {
  if (!in_run()) return;
  run_->time_out();
  end_unseen_ = true;
}

void drone_game::shed() {
  if (run_ && !in_run() && !end_unseen_) run_.reset();
}

void drone_game::leave() {
  if (in_run()) run_->abandon();
}

}  // namespace ariadne
