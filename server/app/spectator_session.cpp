#include "server/app/spectator_session.hpp"

#include <spdlog/spdlog.h>

#include "core/play/run_setup.hpp"
#include "server/app/request_targets.hpp"
#include "server/app/server_context.hpp"
#include "server/host/costly_work.hpp"
#include "server/ranked/disclosure.hpp"

namespace ariadne {

websocket_admission open_spectator(server_context& context, const connection_info& who) {
  auto refuse = [](unsigned status, std::string text) {
    return websocket_admission(http_answer::text(status, std::move(text) + "\n"));
  };
  const auto read = read_spectate_target(who.target);
  if (const auto* refusal = std::get_if<target_refusal>(&read)) {
    return refuse(refusal->status, refusal->text);
  }
  const auto [run_id, from, boot] = std::get<spectate_target>(read);
  auto feed = context.runs().find(run_id);
  if (auto refusal = watch_refusal(context.competition(), feed.get())) {
    return refuse(refusal->status, refusal->text);
  }
  // A practice server numbers its runs from 1 again after a restart.
  if (boot && *boot != feed->boot()) {
    return refuse(409, "the server has restarted since: this run " + std::to_string(run_id) +
                           " is not the one you were watching");
  }
  if (from > feed->seq()) return refuse(400, "from is ahead of the run");
  if (!feed->summary().start) return refuse(409, "the run is still being set up; try again");
  memory_lease memory = context.memory().claim(memory_budget::use::spectators, who.address,
                                               spectator_bytes(*feed, context.config()));
  if (!memory) {
    return refuse(503,
                  "the server holds as much memory for spectators as it allows (for "
                  "your address, or in all); try again later");
  }
  switch (context.spectators().admit(*feed, who.address)) {
    case spectator_admission::refusal::none:
      break;
    case spectator_admission::refusal::from_address:
      // 429: the address's doing (a proxy would take a 503 for a failing server).
      return refuse(429,
                    "your address watches as many streams as the server allows one address; "
                    "close one first");
    case spectator_admission::refusal::in_all:
    case spectator_admission::refusal::on_run:
      return refuse(503, "this run, or the server, has as many spectators as it allows");
  }
  return websocket_admission(std::make_unique<spectator_session>(context, std::move(feed), from,
                                                                 who.address, std::move(memory)));
}

std::uint64_t spectator_bytes(const run_feed& feed, const server_config& config) {
  const run_summary s = feed.summary();
  const std::uint64_t cells = s.start ? static_cast<std::uint64_t>(s.start->width) *
                                            static_cast<std::uint64_t>(s.start->height)
                                      : 1;
  // A run in play may still make moves up to its limit.
  const std::uint64_t moves = s.result || !s.start
                                  ? feed.moves().size()
                                  : std::min(s.start->max_steps, config.max_replay_moves);
  // And one message of the bot's paint (its text and its events, a batch at most).
  const std::uint64_t paint = spectator_view::paint_cells_per_message * 160;
  return 64 * 1024 + cells * 8 + moves * 2 + paint;
}

spectator_session::spectator_session(server_context& context, std::shared_ptr<run_feed> feed,
                                     std::uint64_t from, std::string address, memory_lease memory)
    : context_(context),
      feed_(std::move(feed)),
      from_(from),
      address_(std::move(address)),
      memory_(std::move(memory)) {}

spectator_session::~spectator_session() {
  context_.spectators().release(*feed_, address_);
}

std::string spectator_session::describe() const {
  return "spectator of run " + std::to_string(feed_->run_id());
}

void spectator_session::on_open(std::weak_ptr<message_sink> sink) {
  sink_ = sink;
  if (auto s = sink.lock()) build_view(std::move(s));
}

void spectator_session::build_view(std::shared_ptr<message_sink> sink) {
  // A spectator's maze is generated again and the run so far played again:
  // charged to its address like a start, and done on the job pool when big.
  const run_summary summary = feed_->summary();
  const std::uint64_t cells = summary.start ? static_cast<std::uint64_t>(summary.start->width) *
                                                  static_cast<std::uint64_t>(summary.start->height)
                                            : 1;
  const std::uint64_t cost = costly_work::replaying_cost(cells, feed_->moves().size());
  auto reveal = [hub = context_.competition(), ranked = feed_->ranked()] {
    return may_show_run(hub, ranked);
  };
  // The view, and its first messages: the snapshot (or, resuming, what was
  // missed) and, for a run that has ended, the end.
  auto shared = std::make_shared<first_pump>();
  auto make = [feed = feed_, catalog = &context_.catalog(), from = from_, reveal, shared] {
    try {
      shared->view = spectator_view::create(feed, *catalog, from, reveal, shared->error);
      if (shared->view) shared->outcome = shared->view->pump(shared->messages, 0);
    } catch (const std::exception& e) {
      shared->view.reset();
      shared->error = e.what();
    }
  };
  auto job = [sink, make, shared, this] {
    make();
    // The session lives while its sink does, and post runs only then.
    sink->post([this, shared] { on_view(shared); });
  };
  switch (costly_work::charge_then_place(context_.budgets(), context_.setups(), address_, cost,
                                         clock::now(), true, job_pool::lane::view,
                                         std::move(job))) {
    case costly_work::placement::over_share:
      over_ = true;
      sink->close(1013, "your address has asked for more set-up work than its share; try again");
      return;
    case costly_work::placement::here:
      make();
      return on_view(shared);
    case costly_work::placement::busy:
      over_ = true;
      sink->close(1013, "the server is setting up as many mazes as it can; try again shortly");
      return;
    case costly_work::placement::pool:
      return;
  }
}

void spectator_session::on_view(const std::shared_ptr<first_pump>& first) {
  auto sink = sink_.lock();
  if (!sink || over_) return;
  if (!first->view) {
    over_ = true;
    sink->close(1011, first->error.empty() ? "this run cannot be shown" : first->error);
    return;
  }
  view_ = std::move(first->view);
  deliver(*sink, first->messages, first->outcome, clock::now());
}

void spectator_session::deliver(message_sink& sink, std::vector<std::string>& messages,
                                spectator_view::pumped outcome, clock::time_point now) {
  for (auto& m : messages)
    sink.send(std::make_shared<const std::string>(std::move(m)));
  switch (outcome) {
    case spectator_view::pumped::ended:
      over_ = true;
      sink.close(1000, "the run ended");
      return;
    case spectator_view::pumped::bad_from:
      over_ = true;
      sink.close(1008, "from is not a seq this run's stream sent");
      return;
    case spectator_view::pumped::broken:
      over_ = true;
      spdlog::error("{}: the run's moves do not play again on the rules", describe());
      sink.close(1011, "this run cannot be shown");
      return;
    case spectator_view::pumped::idle:
    case spectator_view::pumped::sent:
      sink.wake_at(now + flush_interval);
      return;
  }
}

websocket_handler::frame_result spectator_session::on_frame(std::string_view, std::string&,
                                                            clock::time_point) {
  close_ = close_request{1008, "spectators only listen"};
  return frame_result::answered;
}

void spectator_session::on_timer(clock::time_point now) {
  pump(now);
}

void spectator_session::pump(clock::time_point now) {
  auto sink = sink_.lock();
  if (!sink || !view_ || over_) return;
  if (sink->backlog() >= max_backlog) {
    if (!stalled_since_) stalled_since_ = now;
    if (now - *stalled_since_ >= stall_limit) {
      over_ = true;
      spdlog::info("{} dropped: it does not read", describe());
      sink->drop();
      return;
    }
    sink->wake_at(now + flush_interval);
    return;
  }
  stalled_since_.reset();
  // Playing the run again is charged to the spectator's address: past its
  // share it falls behind (and catches up later), never its host's players.
  const std::uint64_t behind = feed_->moves().size() - view_->moves_played();
  const std::uint64_t batch = std::min<std::uint64_t>(behind, max_batch_letters);
  if (batch > 0 &&
      !context_.budgets().charge_setup(address_, costly_work::replay_cost(batch), now)) {
    sink->wake_at(now + flush_interval);
    return;
  }
  std::vector<std::string> messages;
  const auto outcome = view_->pump(messages, max_batch_letters);
  deliver(*sink, messages, outcome, now);
}

}  // namespace ariadne
