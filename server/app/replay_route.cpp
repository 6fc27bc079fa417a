#include "server/app/replay_route.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <memory>
#include <string>

#include "core/play/run_setup.hpp"
#include "server/app/request_targets.hpp"
#include "server/app/server_context.hpp"
#include "server/app/setup_refusals.hpp"
#include "server/host/costly_work.hpp"
#include "server/ranked/disclosure.hpp"
#include "server/replay/replay_builder.hpp"

namespace ariadne {

namespace {

http_answer text(unsigned status, std::string body) {
  return http_answer::text(status, std::move(body));
}

http_answer gone() {
  return text(410,
              "this run made more moves than the server keeps (--max-replay-moves): it has no "
              "replay\n");
}

http_answer sealed() {
  return text(403, "a ranked run's replay is published once the competition has closed\n");
}

http_answer unknown() {
  return text(404, "no such run (or it ended too long ago)\n");
}

http_answer cannot_build() {
  return text(500, "this run's replay cannot be built\n");
}

}  // namespace

std::optional<std::uint64_t> replay_target(std::string_view target) {
  return run_of(target, "/api/replays/");
}

http_answer live_replay_answer(server_context& context, std::uint64_t run_id) {
  auto feed = context.runs().find(run_id);
  if (!feed) return unknown();
  if (!feed->summary().result) return text(409, "the run is still in play; watch it on /watch/\n");
  if (!may_show_run(context.competition(), feed->ranked())) return sealed();
  if (auto kept = feed->replay()) return {200, "application/json", *kept};
  if (feed->moves().full()) return gone();
  auto built = build_replay(*feed, context.catalog());
  if (auto* problem = std::get_if<std::string>(&built)) {
    spdlog::error("run {}: no replay: {}", run_id, *problem);
    return cannot_build();
  }
  protocol::replay_document& replay = std::get<protocol::replay_document>(built);
  if (feed->ranked()) replay.label = feed->challenge();
  // Built once per run and kept with it, unless the runs kept have no room
  // for it (then sent, and built again when asked again).
  auto document = std::make_shared<const std::string>(protocol::write_replay(replay));
  context.runs().keep_replay(feed, document);
  return {200, "application/json", *document};
}

http_answer ranked_replay_answer(server_context& context,
                                 const std::optional<ranked_run_record>& record) {
  competition_hub* hub = context.competition();
  if (!record || hub == nullptr || !counts(record->status)) return unknown();
  if (record->status == ranked_status::in_play) return text(409, "the run is still in play\n");
  if (!may_show_run(hub, true)) return sealed();
  if (record->moves.size() != record->steps + record->bumps) return gone();
  const auto status = run_status_of(record->status);
  const auto request = hub->dealt_request(*record);
  std::string problem = "its challenge is no longer in the competition file";
  if (request && status) {
    // The maze it was dealt, set up again as its start set it up.
    auto setup =
        set_up_run(*request, context.catalog(), context.host(), record->run, 0, run::clock::now());
    if (auto* dealt = std::get_if<run>(&setup)) {
      const run_start start = start_of(*dealt, record->competitor_name, record->bot,
                                       from_unix_ms(record->started_at_ms));
      run_result recorded;
      recorded.status = *status;
      recorded.steps = record->steps;
      recorded.bumps = record->bumps;
      recorded.score = record->score;
      recorded.optimal = record->optimal;
      recorded.found = record->found;
      recorded.treasures = record->treasures;
      const replay_setup played{dealt->layout(), dealt->source(), dealt->seed(), dealt->options()};
      auto built = build_replay(start, played, record->moves, recorded);
      if (auto* replay = std::get_if<protocol::replay_document>(&built)) {
        replay->label = record->challenge;
        return {200, "application/json", protocol::write_replay(*replay)};
      }
      problem = std::get<std::string>(built);
    } else {
      problem = std::get<request_error>(setup).message;
    }
  }
  spdlog::error("ranked run {}: no replay: {}", record->run, problem);
  return cannot_build();
}

void answer_replay(server_context& context, const http_request& request, http_reply reply) {
  const auto run = replay_target(request.target);
  if (!run) return reply(text(404, "no such run: /api/replays/ takes a run number\n"));
  const auto feed = context.runs().find(*run);
  competition_hub* hub = context.competition();
  // Refusals are answered at once, before any charge.
  if ((feed &&
       (!feed->summary().result || feed->moves().full() || !may_show_run(hub, feed->ranked()))) ||
      (!feed && hub == nullptr)) {
    return reply(live_replay_answer(context, *run));
  }
  // Not in memory: a ranked run in the store, and nothing is read before it
  // may be shown. A 404, not sealed()'s 403: the run may be another server's,
  // in its memory (a proxy asks the next server on a 404).
  if (!feed && !may_show_run(hub, true)) {
    return reply(text(404,
                      "no such run on this server; a ranked run's replay is published once the "
                      "competition has closed\n"));
  }
  // A replay already built costs what building it did (sending it is the
  // work, and the memory, its address's share pays for); one to build costs
  // its run played again, a stored ranked run's like a 256 x 256 one with
  // every move kept.
  const bool built = feed && feed->replay();
  std::uint64_t cost = costly_work::replaying_cost(256 * 256, context.config().max_replay_moves);
  if (built) {
    cost = costly_work::replay_cost(feed->moves().size());
  } else if (feed) {
    const run_summary s = feed->summary();
    cost = costly_work::replaying_cost(
        static_cast<std::uint64_t>(s.start->width) * static_cast<std::uint64_t>(s.start->height),
        feed->moves().size());
  }
  const auto now = std::chrono::steady_clock::now();
  server_context* c = &context;
  const std::uint64_t number = *run;
  const auto over_share = [&] {
    return setup_over_share(context.budgets(), request.address, cost, now);
  };
  if (built) {
    if (!context.budgets().charge_setup(request.address, cost, now)) return reply(over_share());
    return reply(live_replay_answer(context, number));
  }
  if (!feed) {
    // Read on the store's thread, then built on the job pool.
    if (!context.budgets().charge_setup(request.address, cost, now)) return reply(over_share());
    hub->find_ranked_run(number, [c, reply, cost, address = request.address](
                                     std::optional<ranked_run_record> record) {
      auto job = [c, reply, record] { reply(ranked_replay_answer(*c, record)); };
      if (costly_work::place(c->setups(), address, cost, false, job_pool::lane::view,
                             std::move(job)) == costly_work::placement::busy) {
        reply(setup_busy());
      }
    });
    return;
  }
  auto job = [c, reply, number] { reply(live_replay_answer(*c, number)); };
  switch (costly_work::charge_then_place(context.budgets(), context.setups(), request.address, cost,
                                         now, false, job_pool::lane::view, std::move(job))) {
    case costly_work::placement::over_share:
      return reply(over_share());
    case costly_work::placement::busy:
      return reply(setup_busy());
    case costly_work::placement::here:
      return reply(live_replay_answer(context, number));
    case costly_work::placement::pool:
      return;
  }
}

}  // namespace ariadne
