#include "clients/sdk/local_drone.hpp"

#include "protocol/run_commands.hpp"

namespace ariadne {

drone_state local_drone::exchange(const protocol::client_message& message) {
  using protocol::error_code;
  const auto now = run::clock::now();
  if (const auto* start = std::get_if<protocol::start_message>(&message)) {
    if (run_ && run_->active()) {
      throw drone_error("a run is in play; abandon it before starting another",
                        error_code::run_active);
    }
    // Without a seed the run is still reproducible here: seed 0.
    auto setup = set_up_run(*start, catalog_ != nullptr ? *catalog_ : empty_, limits_,
                            next_run_id_++, 0, now);
    if (auto* failure = std::get_if<setup_failure>(&setup)) {
      throw drone_error(failure->message, protocol::to_protocol(failure->problem));
    }
    auto& ready = std::get<run_setup>(setup);
    run_.emplace(std::move(ready.play));
    return protocol::start_state(*run_, std::move(ready.maze_label));
  }
  if (std::holds_alternative<protocol::hello_message>(message)) {
    throw drone_error("a local drone needs no hello", error_code::bad_request);
  }
  if (!run_ || !run_->active()) {
    throw drone_error(run_ ? "the run has ended; start another" : "no run yet; start one first",
                      error_code::no_run);
  }
  return protocol::apply_command(*run_, message, now);
}

}  // namespace ariadne
