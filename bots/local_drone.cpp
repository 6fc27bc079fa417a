#include "bots/local_drone.hpp"

#include "core/model/limits.hpp"
#include "protocol/commands.hpp"

namespace ariadne {

drone_state local_drone::exchange(const protocol::client_message& message) {
  const auto now = run::clock::now();
  if (const auto* start = std::get_if<protocol::start_message>(&message)) {
    // Without a seed the run is still reproducible here: seed 0.
    paint_ = paint_tally{};
    auto started = game_.start(*start, catalog_ != nullptr ? *catalog_ : empty_, host_,
                               next_run_id_++, 0, now);
    if (auto* problem = std::get_if<request_error>(&started)) {
      throw drone_error(problem->message, problem->code);
    }
    return std::move(std::get<drone_state>(started));
  }
  if (std::holds_alternative<protocol::challenge_start_message>(message)) {
    throw drone_error("an in-process drone plays no competition: challenges are on a server",
                      errc::unknown_challenge);
  }
  const auto command = protocol::command_of(message);
  if (!command) throw drone_error("a local drone needs no hello", errc::bad_request);
  if (auto problem = game_.refuse(*command)) throw drone_error(problem->message, problem->code);
  return game_.play(*command, now);
}

std::uint64_t local_drone::paint(const protocol::paint_message& paint) {
  const run* r = game_.current();
  if (!game_.in_run() || r == nullptr) {
    throw drone_error("paint marks the cells of a run in play: start one first", errc::no_run);
  }
  auto problem = check_paint_cells(*r, paint.cells);
  if (!problem && !paint.log.empty()) problem = check(limits::paint_log, paint.log);
  if (!problem) problem = paint_.add(paint.clear, paint.cells, !paint.log.empty());
  if (problem) throw drone_error(problem->message, problem->code);
  return paint_.marks();
}

}  // namespace ariadne
