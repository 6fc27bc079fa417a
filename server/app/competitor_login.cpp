#include "server/app/competitor_login.hpp"

#include <spdlog/spdlog.h>

#include "core/play/commands.hpp"
#include "core/play/run_setup.hpp"
#include "protocol/message_writer.hpp"
#include "server/app/handed_runs.hpp"
#include "server/app/run_starter.hpp"
#include "server/app/server_context.hpp"
#include "server/app/server_name.hpp"
#include "server/app/session_core.hpp"
#include "server/competition/competition_hub.hpp"
#include "server/competition/rules/secrets.hpp"
#include "server/net/log_text.hpp"

namespace ariadne {

competitor_login::competitor_login(session_core& core, run_starter& starter)
    : core_(core), starter_(starter) {
  starter_.on_ranked_started = [this] {
    if (!hand_over_when_started_) return false;
    hand_over_when_started_ = false;
    using reason = competitor_seats::let_go_reason;
    return hand_over(moved_away_        ? reason::moved
                     : token_withdrawn_ ? reason::withdrawn
                                        : reason::replaced);
  };
}

void competitor_login::leave_seat() {
  if (!competitor_ || replaced_) return;
  server_context& context = core_.context;
  // A graceful stop of ours costs no attempt: the run's attempt is given
  // back now (the store writes it before the server exits), so that its
  // competitor may play it again at once, here after a restart or on
  // another server.
  if (context.stopping() && core_.seat.in_run() && core_.ranked) {
    if (competition_hub* hub = context.competition())
      hub->give_back_attempt(*core_.ranked, nullptr);
    core_.ranked.reset();
  }
  context.seats().leave(competitor_->id, seat_key_,
                        context.stopping() ? std::nullopt : park_ranked_run());
}

websocket_handler::frame_result competitor_login::hello(const protocol::hello_message& hello,
                                                        std::string_view id, std::string& reply) {
  if (core_.greeted) {
    core_.reply_error({errc::bad_request, "hello was already received on this connection"}, id,
                      reply);
    return frame_result::answered;
  }
  competition_hub* const competition = core_.context.competition();
  if (!hello.token && competition != nullptr && competition->is_competitor_name(hello.name)) {
    core_.reply_error({errc::bad_request, "\"" + hello.name +
                                              "\" is a competitor's name: say hello with its "
                                              "token, or choose another name"},
                      id, reply);
    return frame_result::answered;
  }
  core_.set_name(hello.name);
  core_.bot = hello.bot.value_or("");
  if (!hello.token) {
    core_.greeted = true;
    spdlog::info("session {} from {} is '{}' (bot '{}')", core_.id, core_.peer, core_.log_name,
                 log_text(core_.bot));
    reply += protocol::write_server_message(
        protocol::welcome_message{protocol::version, server_name(), core_.id}, id);
    return frame_result::answered;
  }
  competition_hub* hub = core_.context.competition();
  auto sink = core_.sink.lock();
  if (hub == nullptr || !sink) {
    core_.reply_error(
        {errc::unauthorized, "this server runs no competition: say hello without a token"}, id,
        reply);
    return frame_result::answered;
  }
  // Wrong tokens cost the store a lookup each: an address may try few.
  token_hash_ = token_hash(*hello.token);
  if (!core_.context.budgets().try_token(core_.address, token_hash_,
                                         std::chrono::steady_clock::now())) {
    ++bad_tokens_;
    core_.reply_error(
        {errc::rate_limited, "your address has tried too many wrong tokens; wait a few seconds"},
        id, reply);
    return frame_result::answered;
  }
  // The token is looked up on the store's thread, never here.
  hub->authorize(*hello.token, [this, sink, id = std::string(id)](
                                   bool answered, std::optional<competitor_record> who,
                                   const std::string& playing_elsewhere) {
    // Here, not on the connection's strand: a connection gone meanwhile
    // must not leave its lookup waiting in the address's count.
    using verdict = address_budgets::token_answer;
    core_.context.budgets().token_looked_up(
        core_.address, token_hash_,
        who ? verdict::right : (answered ? verdict::wrong : verdict::unanswered),
        std::chrono::steady_clock::now());
    sink->resume([this, answered, who = std::move(who), id,
                  elsewhere = playing_elsewhere](std::string& answer) {
      return on_authorized(answered, who, elsewhere, id, answer);
    });
  });
  return frame_result::deferred;
}

bool competitor_login::on_authorized(bool answered, const std::optional<competitor_record>& who,
                                     const std::string& playing_elsewhere, std::string_view id,
                                     std::string& reply) {
  // A store that cannot be read says nothing of the token: the client may
  // try again (its try is charged to its address, as a wrong token's).
  if (!answered) {
    core_.reply_error(competition_hub::store_busy(), id, reply);
    return true;
  }
  auto sink = core_.sink.lock();
  if (!who || !sink) {
    ++bad_tokens_;
    spdlog::info("session {} from {} ('{}'): unknown or revoked token", core_.id, core_.peer,
                 core_.log_name);
    core_.reply_error({errc::unauthorized, "this token is not known, or was revoked"}, id, reply);
    return true;
  }
  competition_hub& hub = *core_.context.competition();
  // Its run in play on another server would be set up here again, moves and
  // all: each such hello costs the address the worst of that before its seat
  // moves, so hopping cannot keep servers busy.
  if (!playing_elsewhere.empty()) {
    const challenge* c = hub.rules().find(playing_elsewhere);
    const std::uint64_t cost = c != nullptr ? handover_cost(core_.context, *c) : 0;
    if (!core_.context.budgets().charge_setup(core_.address, cost,
                                              std::chrono::steady_clock::now())) {
      core_.reply_error({errc::rate_limited,
                         "your address has asked the server to set up more mazes than its share "
                         "(your run in play on another server is set up again here); try again "
                         "in a few seconds"},
                        id, reply);
      return true;
    }
  }
  // The latest hello, for the other servers on the store: theirs let go.
  // Alone on the store, the seat is written beside the welcome; shared, it
  // is written first, and tells of the competitor's run in play elsewhere.
  if (!hub.presence().shared()) {
    hub.take_seat(who->id, [this, weak = std::weak_ptr<message_sink>(sink), competitor = who->id](
                               bool durable, const std::string&) {
      auto holder = weak.lock();
      if (!durable || !holder) return;
      holder->post([this, competitor] {
        if (seat_key_ != 0) core_.context.seats().seat_recorded(competitor, seat_key_);
      });
    });
    return seat_written(*who, false, {}, id);
  }
  hub.take_seat(who->id, [this, sink, who = *who, id = std::string(id)](
                             bool durable, const std::string& found_elsewhere) {
    sink->resume([this, durable, who, id, elsewhere = found_elsewhere](std::string&) {
      return seat_written(who, durable, elsewhere, id);
    });
  });
  return false;
}

bool competitor_login::seat_written(const competitor_record& who, bool recorded,
                                    const std::string& playing_elsewhere, std::string_view id) {
  auto sink = core_.sink.lock();
  if (!sink) return true;
  core_.greeted = true;
  competitor_ = std::make_unique<competitor_record>(who);
  core_.set_name(who.name);
  seat_key_ = core_.context.ids().next_run_id();  // unique, like run ids
  spdlog::info("session {} from {} is competitor '{}'", core_.id, core_.peer, core_.log_name);
  std::weak_ptr<message_sink> weak = sink;
  competitor_seats& seats = core_.context.seats();
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
  if (recorded) seats.seat_recorded(who.id, seat_key_);
  return false;
}

void competitor_login::take_seat(std::optional<parked_run> run, std::string_view id,
                                 std::string& reply) {
  server_context& context = core_.context;
  if (replaced_ || context.seats().superseded(competitor_->id, seat_key_)) {
    // A newer connection of the same competitor came meanwhile. (A run is
    // never handed to a superseded claimer; should one come, it is ended
    // and recorded rather than lost.)
    if (!replaced_) {
      replaced_ = true;
      if (run) context.seats().leave(competitor_->id, seat_key_, std::move(run));
    }
    if (auto sink = core_.sink.lock()) sink->close(1008, "replaced");
    return;
  }
  protocol::welcome_message welcome{protocol::version, server_name(), core_.id};
  welcome.competitor = competitor_->name;
  welcome.competition = context.competition()->info_for(competitor_->id);
  if (run) {
    core_.seat = std::move(run->seat);
    core_.slot = std::move(run->slot);
    core_.feed = std::move(run->feed);
    core_.ranked = std::make_unique<ranked_run_record>(std::move(run->record));
    core_.last_command = session_core::clock::now();
    drone_state state = start_state(*core_.seat.current());
    core_.present_ranked(state);
    welcome.state = std::move(state);
    spdlog::info("session {} ('{}') took run {} over", core_.id, core_.log_name,
                 core_.seat.current()->id());
    core_.arm_timer(starter_.pending());
  }
  reply += protocol::write_server_message(welcome, id);
}

std::optional<parked_run> competitor_login::park_ranked_run() {
  if (!core_.ranked || !core_.seat.in_run() || !core_.slot) return std::nullopt;
  std::optional<parked_run> run(parked_run{std::move(core_.seat), std::move(core_.slot),
                                           std::move(core_.feed), *core_.ranked});
  core_.seat = player{};
  core_.ranked.reset();
  return run;
}

bool competitor_login::hand_over(competitor_seats::let_go_reason why) {
  using reason = competitor_seats::let_go_reason;
  if (replaced_ || !competitor_) return false;
  token_withdrawn_ = token_withdrawn_ || why == reason::withdrawn;
  moved_away_ = moved_away_ || why == reason::moved;
  if (starter_.ranked_pending()) {
    // A ranked start is being set up: hand its run over once it is ready.
    hand_over_when_started_ = true;
    return false;
  }
  replaced_ = true;
  const char* text = token_withdrawn_ ? "token withdrawn" : "replaced";
  spdlog::info("session {} ('{}') let go of its seat: {}{}", core_.id, core_.log_name, text,
               moved_away_ ? " (by a connection to another server)" : "");
  std::optional<parked_run> run = park_ranked_run();
  competitor_seats& seats = core_.context.seats();
  // A newer hello here (the competitor came back) takes the run, wherever
  // it went in between.
  if (!moved_away_ || !run || seats.claimed_here(competitor_->id)) {
    seats.leave(competitor_->id, seat_key_, std::move(run));
    if (auto sink = core_.sink.lock()) sink->close(1008, text);
    return true;
  }
  // The run follows its competitor to the other server: handed over there
  // with its moves, the connection closing once that is on disk.
  const std::string to = seats.moved_to(competitor_->id);
  seats.leave(competitor_->id, seat_key_, std::nullopt);
  std::weak_ptr<message_sink> weak = core_.sink;
  seats.hand_off(std::move(*run), to, [weak](bool) {
    if (auto sink = weak.lock()) sink->close(1008, "replaced");
  });
  return true;
}

}  // namespace ariadne
