#include "server/app/run_starter.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "core/model/limits.hpp"
#include "core/play/commands.hpp"
#include "core/play/run_setup.hpp"
#include "protocol/state_writer.hpp"
#include "server/app/costly_work.hpp"
#include "server/app/server_context.hpp"
#include "server/app/session_core.hpp"
#include "server/baseline/baseline.hpp"

namespace ariadne {

run_starter::prepared_maze run_starter::prepare(server_context& context, const run_request& request,
                                                const std::string* reference_challenge,
                                                std::uint64_t run_id, std::uint64_t seed,
                                                clock::time_point now, run_feed* feed) {
  prepared_maze p;
  p.setup = set_up_checked_run(request, context.catalog(), context.host(), run_id, seed, now, feed);
  if (reference_challenge != nullptr && std::holds_alternative<run>(p.setup)) {
    // The reference bot plays the very maze dealt, offline.
    const run_result played =
        play_offline(reference_bot, request, context.catalog(), context.host());
    p.reference = context.competition()->rules().reference_cost(*reference_challenge, played);
  }
  return p;
}

websocket_handler::frame_result run_starter::start(const run_request& request,
                                                   std::optional<ranked_run_record> ranked,
                                                   std::string_view id, std::string& reply,
                                                   clock::time_point now) {
  server_context& context = core_.context;
  // A ranked attempt not played is not counted.
  auto refuse = [&](const request_error& problem) {
    if (ranked) context.competition()->give_back(*ranked);
    core_.reply_error(problem, id, reply);
    return frame_result::answered;
  };
  if (auto problem = core_.seat.refuse_start()) return refuse(*problem);
  const maze_catalog& catalog = context.catalog();
  // The rules judged the request as it came in (client_session, or the
  // competition file for a ranked one); what the host refuses is refused
  // before any budget is touched.
  if (auto problem = check_host(request, catalog, context.host())) return refuse(*problem);
  const std::uint64_t cells = request_cells(request, catalog);
  // A reference mark has the reference bot play the maze as well (its cost
  // is kept with the run, secret, for the mark).
  const bool reference =
      ranked && context.competition()->rules().needs_reference(ranked->challenge);
  const std::uint64_t reference_moves =
      request.max_steps.value_or(cells * limits::default_moves_per_cell);
  const std::uint64_t cost =
      setup_cost(request, catalog) + (reference ? play_offline_cost(cells, reference_moves) : 0);
  if (!context.budgets().charge_setup(core_.address, cost, now)) {
    return refuse({errc::rate_limited,
                   "your address has asked the server to set up more mazes than its share; try "
                   "again in a few seconds"});
  }
  run_slot slot = context.budgets().reserve_run(cells, core_.address);
  if (!slot) {
    return refuse({errc::server_busy,
                   "the server is running as many runs (or cells) as it allows; try again "
                   "shortly"});
  }
  // The move log's worst case, claimed before the run can fill it.
  memory_lease log = context.memory().claim(memory_budget::use::move_logs, core_.address,
                                            move_log::bytes_for(context.moves_kept(request)));
  if (!log) {
    return refuse({errc::server_busy,
                   "the server holds as much memory for runs as it allows (for your address, "
                   "or in all); try again when runs have ended"});
  }
  slot.hold(std::move(log));
  const std::uint64_t run_id = context.ids().next_run_id();
  if (ranked) ranked->run = run_id;
  auto feed = context.runs().open(run_id, core_.name, ranked ? ranked->challenge : std::string(),
                                  core_.bot);
  const std::uint64_t seed = context.ids().random_seed();
  auto sink = core_.sink.lock();
  // A big maze is set up on the job pool, never on this I/O thread. The job
  // holds the connection (sink) until it has answered.
  server_context* c = &context;
  // Set while the mark needs the reference bot's cost on the maze.
  const std::optional<std::string> reference_challenge =
      reference ? std::optional<std::string>(ranked->challenge) : std::nullopt;
  auto job = [c, sink, request, run_id, seed, now, feed, id = std::string(id), reference_challenge,
              this] {
    prepared_maze prepared;
    try {
      prepared = prepare(*c, request, reference_challenge ? &*reference_challenge : nullptr, run_id,
                         seed, now, feed.get());
    } catch (const std::exception& e) {
      prepared.setup = request_error{
          errc::server_busy, std::string("the server could not set this maze up: ") + e.what()};
    }
    sink->resume([this, prepared = std::move(prepared), id](std::string& answer) mutable {
      // The run's clock starts when its start is answered, not when it was asked.
      return finish(std::move(prepared), std::move(pending_slot_), std::move(pending_feed_),
                    take_pending_ranked(), id, answer, clock::now());
    });
  };
  pending_slot_ = std::move(slot);
  pending_feed_ = feed;
  pending_ranked_ = ranked ? std::make_unique<ranked_run_record>(*ranked) : nullptr;
  // Without a connection (a test's session) there is no one to resume: inline.
  const auto where = sink ? costly_work::place(context, core_.address, cost, true,
                                               job_pool::lane::play, std::move(job))
                          : costly_work::placement::here;
  switch (where) {
    case costly_work::placement::here: {
      auto prepared = prepare(context, request, reference ? &ranked->challenge : nullptr, run_id,
                              seed, now, feed.get());
      pending_feed_.reset();
      pending_ranked_.reset();
      return finish(std::move(prepared), std::move(pending_slot_), std::move(feed),
                    std::move(ranked), id, reply, now)
                 ? frame_result::answered
                 : frame_result::deferred;
    }
    case costly_work::placement::busy:
      pending_slot_.release();
      pending_feed_.reset();
      pending_ranked_.reset();
      context.runs().close(run_id);
      return refuse({errc::server_busy,
                     "the server is setting up as many mazes as it can; try again shortly"});
    case costly_work::placement::pool:
      break;
  }
  context.stats().starts_deferred.fetch_add(1, std::memory_order_relaxed);
  return frame_result::deferred;
}

bool run_starter::finish(prepared_maze prepared, run_slot slot, std::shared_ptr<run_feed> feed,
                         std::optional<ranked_run_record> ranked, std::string_view id,
                         std::string& reply, clock::time_point now) {
  server_context& context = core_.context;
  std::variant<run, request_error>& setup = prepared.setup;
  if (ranked) ranked->reference = prepared.reference;
  if (auto* problem = std::get_if<request_error>(&setup)) {
    context.runs().close(feed->run_id());
    if (ranked) context.competition()->give_back(*ranked);
    core_.reply_error(*problem, id, reply);
    if (ranked && on_ranked_started) on_ranked_started();
    return true;
  }
  auto sink = core_.sink.lock();
  if (!ranked || !sink) {
    begin(std::move(std::get<run>(setup)), std::move(slot), std::move(feed), std::move(ranked), id,
          reply, now);
    return true;
  }
  // A ranked run is answered once its maze is claimed in the store: with
  // several servers on one store, one of them only plays a maze dealt.
  claiming_ = std::make_unique<claim_wait>(claim_wait{
      std::move(std::get<run>(setup)), std::move(slot), std::move(feed), *ranked, std::string(id)});
  context.competition()->claim_start(
      *ranked, [this, sink, record = *ranked](competition_hub::claim outcome) {
        sink->resume([this, outcome, record](std::string& answer) {
          return on_claimed(outcome, record, answer);
        });
      });
  return false;
}

bool run_starter::on_claimed(attempt_claims::claim result, const ranked_run_record& record,
                             std::string& reply) {
  using claim = attempt_claims::claim;
  competition_hub& hub = *core_.context.competition();
  if (!claiming_) {
    // The connection went meanwhile (cancel gave the attempt back here):
    // the store gives it back too.
    if (result == claim::claimed) hub.give_back_attempt(record, nullptr);
    return true;
  }
  std::unique_ptr<claim_wait> waited = std::move(claiming_);
  if (result == claim::claimed) {
    begin(std::move(waited->ready), std::move(waited->slot), std::move(waited->feed),
          std::move(waited->record), waited->id, reply, clock::now());
    return true;
  }
  core_.context.runs().close(waited->feed->run_id());
  if (result == claim::moved) {
    // The competitor's hello on another server came first: nothing is dealt
    // here, and this connection is replaced, its start unanswered.
    hub.give_back(record);
    if (!on_ranked_started || !on_ranked_started()) {
      if (auto sink = core_.sink.lock()) sink->close(1008, "replaced");
    }
    return true;
  }
  if (result == claim::taken && on_deal_taken) {
    // Not given back: the book was read back from the store.
    const std::string id = std::move(waited->id);
    waited.reset();
    return on_deal_taken(record.challenge, id, reply) == frame_result::answered;
  }
  hub.give_back(record);
  core_.reply_error(result == claim::closed
                        ? request_error{errc::competition_closed,
                                        "the competition closed before this maze could be dealt"}
                        : competition_hub::store_busy(),
                    waited->id, reply);
  if (on_ranked_started) on_ranked_started();
  return true;
}

void run_starter::begin(run ready, run_slot slot, std::shared_ptr<run_feed> feed,
                        std::optional<ranked_run_record> ranked, std::string_view id,
                        std::string& reply, clock::time_point now) {
  server_context& context = core_.context;
  ready.restart_clock(now);
  drone_state started = core_.seat.begin(std::move(ready));
  core_.feed = std::move(feed);
  core_.slot = std::move(slot);
  core_.ranked = ranked ? std::make_unique<ranked_run_record>(std::move(*ranked)) : nullptr;
  core_.last_command = now;
  context.stats().runs_started.fetch_add(1, std::memory_order_relaxed);
  const run& r = *core_.seat.current();
  core_.arm_timer(pending());
  if (!core_.ranked) {
    spdlog::info("session {} ('{}') run {} started: {} {}x{} seed {} treasures {}", core_.id,
                 core_.log_name, r.id(), r.source().label(), r.maze().width(), r.maze().height(),
                 r.seed(), r.treasures());
    protocol::append_state(reply, started, id);
    return;
  }
  // Never the seed of a ranked run, not even in the log.
  core_.present_ranked(started);
  spdlog::info("session {} ('{}') run {} started: challenge {} attempt {} maze {} of {} (deal {})",
               core_.id, core_.log_name, r.id(), core_.ranked->challenge, core_.ranked->attempt,
               started.set->maze, started.set->mazes, core_.ranked->deal);
  // Another connection of the competitor may wait for this run: it goes there.
  if (on_ranked_started && on_ranked_started()) return;
  protocol::append_state(reply, started, id);
}

std::optional<ranked_run_record> run_starter::take_pending_ranked() {
  std::optional<ranked_run_record> taken;
  if (pending_ranked_) taken = std::move(*pending_ranked_);
  pending_ranked_.reset();
  return taken;
}

void run_starter::cancel() {
  if (pending_feed_) core_.context.runs().close(pending_feed_->run_id());
  if (pending_ranked_) core_.context.competition()->give_back(*pending_ranked_);
  if (claiming_) {
    // Its claim's answer finds no one waiting, and gives it back in the store.
    core_.context.runs().close(claiming_->feed->run_id());
    core_.context.competition()->give_back(claiming_->record);
    claiming_.reset();
  }
  pending_feed_.reset();
  pending_ranked_.reset();
  pending_slot_.release();
}

}  // namespace ariadne
