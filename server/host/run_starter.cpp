#include "server/host/run_starter.hpp"

#include "core/model/limits.hpp"
#include "core/play/run_setup.hpp"
#include "server/baseline/baseline.hpp"
#include "server/host/costly_work.hpp"

namespace ariadne {

run_starter::set_up_maze run_starter::prepare(const run_host& host, const run_request& request,
                                              const std::string& reference_bot,
                                              std::uint64_t run_id, std::uint64_t seed,
                                              clock::time_point now, run_feed* feed) {
  set_up_maze maze;
  try {
    maze.setup = set_up_checked_run(request, host.catalog, host.host, run_id, seed, now, feed);
    // The reference bot plays the very maze dealt, offline.
    if (!reference_bot.empty() && std::holds_alternative<run>(maze.setup)) {
      maze.reference = play_offline(reference_bot, request, host.catalog, host.host);
    }
  } catch (const std::exception& e) {
    maze.setup = request_error{errc::server_busy,
                               std::string("the server could not set this maze up: ") + e.what()};
  }
  return maze;
}

websocket_handler::frame_result run_starter::start(const run_request& request, const label& shown,
                                                   std::string_view reference_bot,
                                                   std::uint64_t* run_id, std::string& reply,
                                                   clock::time_point now, completion done) {
  auto refuse = [&](request_error problem) {
    return done(std::move(problem), reply, now) ? frame_result::answered : frame_result::deferred;
  };
  if (auto problem = run_.refuse_start()) return refuse(*problem);
  if (pending_) return refuse({errc::run_active, "a start is already being set up"});
  // The rules judged the request as it came in; what the host refuses is
  // refused before any budget is touched.
  if (auto problem = check_host(request, host_.catalog, host_.host)) return refuse(*problem);
  const std::uint64_t cells = request_cells(request, host_.catalog);
  const std::uint64_t moves = request.max_steps.value_or(cells * limits::default_moves_per_cell);
  const std::uint64_t cost = setup_cost(request, host_.catalog) +
                             (reference_bot.empty() ? 0 : play_offline_cost(cells, moves));
  if (!host_.budgets.charge_setup(address_, cost, now)) {
    return refuse({errc::rate_limited,
                   "your address has asked the server to set up more mazes than its share; try "
                   "again in a few seconds"});
  }
  run_slot slot = host_.budgets.reserve_run(cells, address_);
  if (!slot) {
    return refuse({errc::server_busy,
                   "the server is running as many runs (or cells) as it allows; try again "
                   "shortly"});
  }
  // The move log's worst case, claimed before the run can fill it.
  memory_lease log = host_.memory.claim(memory_budget::use::move_logs, address_,
                                        move_log::bytes_for(host_.moves_kept(request)));
  if (!log) {
    return refuse({errc::server_busy,
                   "the server holds as much memory for runs as it allows (for your address, "
                   "or in all); try again when runs have ended"});
  }
  slot.hold(std::move(log));
  const std::uint64_t number = host_.ids.next_run_id();
  if (run_id != nullptr) *run_id = number;
  auto feed = host_.runs.open(number, shown.player, shown.challenge, shown.bot);
  const std::uint64_t seed = host_.ids.random_seed();
  // A big maze is set up on the job pool, never on this I/O thread. The job
  // holds the connection (sink) until it has answered.
  auto sink = sink_.lock();
  auto job = [this, sink, request, reference = std::string(reference_bot), number, seed, now,
              feed] {
    set_up_maze maze = prepare(host_, request, reference, number, seed, now, feed.get());
    sink->resume([this, maze = std::move(maze)](std::string& answer) mutable {
      // The connection went meanwhile: nobody waits (cancel).
      if (!pending_) return true;
      std::unique_ptr<pending_start> started = std::move(pending_);
      // The run's clock starts when its start is answered, not when it was asked.
      return finish(std::move(maze), std::move(started->slot), std::move(started->feed),
                    started->done, host_, answer, clock::now());
    });
  };
  // Without a connection (a test's session) there is no one to resume: inline.
  const auto where = sink ? costly_work::place(host_.setups, address_, cost, true,
                                               job_pool::lane::play, std::move(job))
                          : costly_work::placement::here;
  switch (where) {
    case costly_work::placement::here: {
      // Set up before the feed moves on (argument order is not the code's).
      set_up_maze maze =
          prepare(host_, request, std::string(reference_bot), number, seed, now, feed.get());
      return finish(std::move(maze), std::move(slot), std::move(feed), done, host_, reply, now)
                 ? frame_result::answered
                 : frame_result::deferred;
    }
    case costly_work::placement::busy:
    case costly_work::placement::over_share:  // not charged here: never
      host_.runs.close(number);
      return refuse({errc::server_busy,
                     "the server is setting up as many mazes as it can; try again shortly"});
    case costly_work::placement::pool:
      break;
  }
  pending_ = std::make_unique<pending_start>(
      pending_start{std::move(slot), std::move(feed), std::move(done)});
  host_.counters.starts_deferred.fetch_add(1, std::memory_order_relaxed);
  return frame_result::deferred;
}

bool run_starter::finish(set_up_maze maze, run_slot slot, std::shared_ptr<run_feed> feed,
                         const completion& done, run_host& host, std::string& reply,
                         clock::time_point now) {
  if (auto* problem = std::get_if<request_error>(&maze.setup)) {
    host.runs.close(feed->run_id());
    return done(std::move(*problem), reply, now);
  }
  return done(ready_run{prepared_run{std::move(std::get<run>(maze.setup)), std::move(slot),
                                     std::move(feed)},
                        maze.reference},
              reply, now);
}

void run_starter::cancel() {
  if (!pending_) return;
  host_.runs.close(pending_->feed->run_id());
  pending_.reset();
}

}  // namespace ariadne
