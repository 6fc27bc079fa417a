#include "server/ranked/ranked_connection.hpp"

#include <spdlog/spdlog.h>

#include "core/play/commands.hpp"
#include "protocol/message_writer.hpp"
#include "protocol/state_writer.hpp"
#include "server/host/error_reply.hpp"
#include "server/host/server_name.hpp"
#include "server/ranked/ranked_play.hpp"
#include "server/ranked/ranked_runs.hpp"

namespace ariadne {

ranked_connection::ranked_connection(ranked_play& play, run_host& host, connection_identity& who,
                                     drone_run& run, run_starter& starter,
                                     std::weak_ptr<message_sink> sink)
    : play_(play),
      host_(host),
      who_(who),
      run_(run),
      starter_(starter),
      sink_(std::move(sink)),
      login_(play, host, who) {}

ranked_connection::~ranked_connection() {
  leave_seat();
  // A maze dealt and not begun is not played: its attempt is not counted.
  competition_hub& hub = play_.competition();
  if (dealt_) hub.give_back(*dealt_);
  if (claiming_) {
    // Its claim's answer finds no one waiting, and gives it back in the store.
    host_.runs.close(claiming_->feed->run_id());
  }
}

// --- The hello and the competitor's seat ---

websocket_handler::frame_result ranked_connection::hello(const protocol::hello_message& hello,
                                                         std::string_view id, std::string& reply) {
  who_.set_name(hello.name);
  who_.bot = hello.bot.value_or("");
  return login_.look_up(
      *hello.token, id, reply, sink_,
      [this, id = std::string(id)](const token_login::found& found) {
        return seat_written(found.who, found.recorded, found.playing_elsewhere, id);
      },
      [this](std::int64_t competitor) {
        if (seat_key_ != 0) play_.seats().hello_recorded(competitor, seat_key_);
      });
}

bool ranked_connection::seat_written(const competitor_record& who, bool recorded,
                                     const std::string& playing_elsewhere, std::string_view id) {
  auto sink = sink_.lock();
  if (!sink) return true;
  who_.greeted = true;
  competitor_ = std::make_unique<competitor_record>(who);
  who_.set_name(who.name);
  seat_key_ = host_.ids.next_run_id();  // unique, like run ids
  spdlog::info("session {} from {} is competitor '{}'", who_.id, who_.peer, who_.log_name);
  std::weak_ptr<message_sink> weak = sink;
  competitor_seats& seats = play_.seats();
  seats.claim(
      who.id, seat_key_,
      [weak, this](competitor_seats::let_go_reason why) {
        if (auto holder = weak.lock()) holder->post([this, why] { hand_over(why); });
      },
      [sink, this, id = std::string(id)](std::optional<parked_run> run) {
        auto taken = std::make_shared<std::optional<parked_run>>(std::move(run));
        sink->resume([this, taken, id](std::string& answer) {
          take_seat(std::move(*taken), id, answer);
          return true;
        });
      },
      // Its run in play on another server comes here once that server has
      // seen the seat just written: the welcome waits for it.
      !playing_elsewhere.empty()
          ? std::optional(competitor_seats::clock::now() + competitor_seats::handoff_wait)
          : std::nullopt);
  if (recorded) seats.hello_recorded(who.id, seat_key_);
  return false;
}

void ranked_connection::take_seat(std::optional<parked_run> run, std::string_view id,
                                  std::string& reply) {
  competitor_seats& seats = play_.seats();
  if (replaced_ || seats.superseded(competitor_->id, seat_key_)) {
    // A newer connection of the same competitor came meanwhile. (A run is
    // never handed to a superseded claimer; should one come, it is ended
    // and recorded rather than lost.)
    if (!replaced_) {
      replaced_ = true;
      if (run) seats.leave(competitor_->id, seat_key_, std::move(run));
    }
    if (auto sink = sink_.lock()) sink->close(1008, "replaced");
    return;
  }
  protocol::welcome_message welcome{protocol::version, server_name(), who_.id};
  welcome.competitor = competitor_->name;
  welcome.competition = play_.competition().info_for(competitor_->id);
  if (run) {
    const auto now = clock::now();
    attempt_ = std::make_unique<ranked_run_record>(std::move(run->record));
    run_.adopt(held_run{std::move(run->game), std::move(run->slot), std::move(run->feed)}, now);
    drone_state state = start_state(*run_.current());
    present(state);
    welcome.state = std::move(state);
    spdlog::info("session {} ('{}') took run {} over", who_.id, who_.log_name,
                 run_.current()->id());
    // The connection's timer runs now, and is armed for the run's deadlines.
    if (auto sink = sink_.lock()) sink->wake_at(now);
  }
  reply += protocol::write_server_message(welcome, id);
}

void ranked_connection::leave_seat() {
  if (!competitor_ || replaced_) return;
  // A graceful stop of ours costs no attempt: the run's attempt is given
  // back now (the store writes it before the server exits), so that its
  // competitor may play it again at once, here after a restart or on
  // another server.
  const bool stopping = play_.stopping();
  if (stopping && run_.in_run() && playing()) {
    play_.competition().give_back_attempt(*attempt_, nullptr);
    attempt_.reset();
  }
  play_.seats().leave(competitor_->id, seat_key_, stopping ? std::nullopt : park_run());
}

std::optional<parked_run> ranked_connection::park_run() {
  if (!playing() || !run_.in_run()) return std::nullopt;
  std::optional<held_run> held = run_.release();
  if (!held) return std::nullopt;
  parked_run parked{std::move(held->game), std::move(held->slot), std::move(held->feed),
                    std::move(*attempt_)};
  attempt_.reset();
  return parked;
}

bool ranked_connection::hand_over(competitor_seats::let_go_reason why) {
  using reason = competitor_seats::let_go_reason;
  if (replaced_ || !competitor_) return false;
  token_withdrawn_ = token_withdrawn_ || why == reason::withdrawn;
  moved_away_ = moved_away_ || why == reason::moved;
  if (dealt_ || claiming_) {
    // A ranked start is under way: hand its run over once it has begun.
    hand_over_when_started_ = true;
    return false;
  }
  replaced_ = true;
  const char* text = token_withdrawn_ ? "token withdrawn" : "replaced";
  spdlog::info("session {} ('{}') let go of its seat: {}{}", who_.id, who_.log_name, text,
               moved_away_ ? " (by a connection to another server)" : "");
  std::optional<parked_run> run = park_run();
  competitor_seats& seats = play_.seats();
  // A newer hello here (the competitor came back) takes the run, wherever
  // it went in between.
  if (!moved_away_ || !run || seats.claimed_here(competitor_->id)) {
    seats.leave(competitor_->id, seat_key_, std::move(run));
    if (auto sink = sink_.lock()) sink->close(1008, text);
    return true;
  }
  // The run follows its competitor to the other server: handed over there
  // with its moves, the connection closing once that is on disk.
  const std::string to = seats.moved_to(competitor_->id);
  seats.leave(competitor_->id, seat_key_, std::nullopt);
  seats.hand_off(std::move(*run), to, [weak = sink_](bool) {
    if (auto sink = weak.lock()) sink->close(1008, "replaced");
  });
  return true;
}

bool ranked_connection::after_start() {
  if (!hand_over_when_started_) return false;
  hand_over_when_started_ = false;
  using reason = competitor_seats::let_go_reason;
  return hand_over(moved_away_        ? reason::moved
                   : token_withdrawn_ ? reason::withdrawn
                                      : reason::replaced);
}

// --- Ranked starts ---

void ranked_connection::challenges(std::string_view id, std::string& reply) const {
  if (!competitor_) {
    reply_error(
        host_.counters,
        {errc::unauthorized, "the challenges are shown to competitors: say hello with your token"},
        id, reply);
    return;
  }
  reply += protocol::write_server_message(
      protocol::challenges_reply{play_.competition().challenges_for(competitor_->id)}, id);
}

websocket_handler::frame_result ranked_connection::start(const std::string& challenge,
                                                         std::string_view id, std::string& reply,
                                                         clock::time_point now) {
  if (!competitor_) {
    reply_error(host_.counters,
                {errc::unauthorized, "ranked starts need a competitor's token in hello"}, id,
                reply);
    return frame_result::answered;
  }
  if (replaced_) {
    reply_error(host_.counters,
                {errc::unauthorized,
                 "another connection with your token took your seat: this one is closing"},
                id, reply);
    return frame_result::answered;
  }
  if (auto problem = run_.refuse_start()) {
    reply_error(host_.counters, *problem, id, reply);
    return frame_result::answered;
  }
  competition_hub& hub = play_.competition();
  auto opened = hub.open_attempt(*competitor_, challenge, std::chrono::system_clock::now());
  if (auto* problem = std::get_if<request_error>(&opened)) {
    // With other servers on the store, this server's book is checked against
    // the store before it refuses: the competitor may have played, or had
    // an attempt given back, on another.
    auto sink = sink_.lock();
    const bool stale = problem->code == errc::no_attempts_left || problem->code == errc::run_active;
    if (stale && sink && !rechecked_ && hub.shared()) {
      hub.read_back_now(competitor_->id, challenge, [this, sink, challenge, id = std::string(id)] {
        sink->resume([this, challenge, id](std::string& answer) {
          rechecked_ = true;
          const auto r = start(challenge, id, answer, clock::now());
          rechecked_ = false;
          return r == frame_result::answered;
        });
      });
      return frame_result::deferred;
    }
    reply_error(host_.counters, *problem, id, reply);
    return frame_result::answered;
  }
  auto& attempt = std::get<competition_hub::attempt>(opened);
  attempt.record.bot = who_.bot;
  dealt_ = std::make_unique<ranked_run_record>(std::move(attempt.record));
  // A reference mark has the reference bot play the maze as well (its cost
  // is kept with the run, secret, for the mark).
  const std::string_view reference =
      hub.rules().needs_reference(challenge) ? reference_bot : std::string_view();
  return starter_.start(
      attempt.request, {who_.name, challenge, who_.bot}, reference, &dealt_->run, reply, now,
      [this, id = std::string(id)](std::variant<run_starter::ready_run, request_error> outcome,
                                   std::string& answer, clock::time_point at) {
        return on_maze_ready(std::move(outcome), id, answer, at);
      });
}

bool ranked_connection::on_maze_ready(std::variant<run_starter::ready_run, request_error> outcome,
                                      std::string_view id, std::string& reply, clock::time_point) {
  competition_hub& hub = play_.competition();
  std::unique_ptr<ranked_run_record> record = std::move(dealt_);
  if (auto* problem = std::get_if<request_error>(&outcome)) {
    // A ranked attempt not played is not counted.
    hub.give_back(*record);
    reply_error(host_.counters, *problem, id, reply);
    after_start();
    return true;
  }
  auto& ready = std::get<run_starter::ready_run>(outcome);
  if (ready.reference)
    record->reference = hub.rules().reference_cost(record->challenge, *ready.reference);
  auto sink = sink_.lock();
  if (!sink) {
    // A test's session: nobody to answer later, and no store's claim to wait for.
    begin(std::move(ready.prepared), std::move(*record), id, reply);
    return true;
  }
  // A ranked run is answered once its maze is claimed in the store: with
  // several servers on one store, one of them only plays a maze dealt.
  claiming_ = std::make_unique<prepared_run>(std::move(ready.prepared));
  dealt_ = std::move(record);
  hub.claim_start(*dealt_, [this, sink, id = std::string(id)](attempt_claims::claim claimed) {
    sink->resume(
        [this, claimed, id](std::string& answer) { return on_claimed(claimed, id, answer); });
  });
  return false;
}

bool ranked_connection::on_claimed(attempt_claims::claim outcome, std::string_view id,
                                   std::string& reply) {
  using claim = attempt_claims::claim;
  competition_hub& hub = play_.competition();
  std::unique_ptr<prepared_run> ready = std::move(claiming_);
  std::unique_ptr<ranked_run_record> record = std::move(dealt_);
  if (outcome == claim::claimed) {
    begin(std::move(*ready), std::move(*record), id, reply);
    return true;
  }
  host_.runs.close(ready->feed->run_id());
  ready.reset();
  if (outcome == claim::moved) {
    // The competitor's hello on another server came first: nothing is dealt
    // here, and this connection is replaced, its start unanswered.
    hub.give_back(*record);
    if (!after_start()) {
      if (auto sink = sink_.lock()) sink->close(1008, "replaced");
    }
    return true;
  }
  if (outcome == claim::taken) {
    // Not given back: the book was read back from the store. Dealt again.
    return start(record->challenge, id, reply, clock::now()) == frame_result::answered;
  }
  hub.give_back(*record);
  reply_error(host_.counters,
              outcome == claim::closed
                  ? request_error{errc::competition_closed,
                                  "the competition closed before this maze could be dealt"}
                  : competition_hub::store_busy(),
              id, reply);
  after_start();
  return true;
}

void ranked_connection::begin(prepared_run prepared, ranked_run_record record, std::string_view id,
                              std::string& reply) {
  const auto now = clock::now();
  drone_state started = run_.begin(std::move(prepared), now);
  attempt_ = std::make_unique<ranked_run_record>(std::move(record));
  const run& r = *run_.current();
  // Never the seed of a ranked run, not even in the log.
  present(started);
  spdlog::info("session {} ('{}') run {} started: challenge {} attempt {} maze {} of {} (deal {})",
               who_.id, who_.log_name, r.id(), attempt_->challenge, attempt_->attempt,
               started.set->maze, started.set->mazes, attempt_->deal);
  if (auto sink = sink_.lock()) sink->wake_at(now);
  // Another connection of the competitor may wait for this run: it goes there.
  if (after_start()) return;
  protocol::append_state(reply, started, id);
}

// --- The run, its end and its result ---

void ranked_connection::present(drone_state& state) const {
  if (playing()) present_ranked(state, play_.competition(), *attempt_);
}

void ranked_connection::record_end(const run_result& result) {
  if (playing()) result_.record(play_.competition(), *attempt_, result, run_.feed());
}

websocket_handler::frame_result ranked_connection::reply_when_durable(std::string& reply,
                                                                      std::size_t from) {
  return result_.reply_when_durable(play_.competition(), sink_, reply, from);
}

std::optional<ranked_connection::clock::time_point> ranked_connection::close_deadline() const {
  const std::uint64_t grace = play_.configured().close_grace_seconds;
  if (!playing() || !run_.in_run() || grace == 0) return std::nullopt;
  const auto closes_at = play_.competition().closes_at();
  if (!closes_at) return std::nullopt;
  // The close is a wall-clock time; the timers run on the steady clock.
  const auto left = *closes_at + std::chrono::seconds(grace) - std::chrono::system_clock::now();
  return clock::now() + std::chrono::duration_cast<clock::duration>(left);
}

}  // namespace ariadne
