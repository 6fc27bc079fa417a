#include "server/app/client_session.hpp"

#include <spdlog/spdlog.h>

#include <utility>
#include <variant>

#include "core/play/commands.hpp"
#include "core/play/request_check.hpp"
#include "core/play/run_setup.hpp"
#include "protocol/codec.hpp"
#include "protocol/commands.hpp"
#include "protocol/fast_command.hpp"
#include "server/net/log_text.hpp"
#include "server/app/server_name.hpp"

namespace ariadne {

client_session::client_session(server_context& context, std::string id, std::string peer,
                               std::string address, clock::time_point now)
    : context_(context),
      id_(std::move(id)),
      peer_(std::move(peer)),
      address_(std::move(address)),
      bucket_(context.config().rate_limit, context.config().rate_burst, now),
      connected_at_(now),
      last_activity_(now),
      last_message_(now) {}

client_session::~client_session() {
  if (competitor_ && !replaced_) {
    // A graceful stop of ours costs no attempt: the run stays in play in the
    // store, and the next start gives it back (interrupted).
    if (context_.stopping() && player_.in_run()) ranked_.reset();
    context_.seats().leave(competitor_->id, seat_key_,
                           context_.stopping() ? std::nullopt : park_ranked_run());
  }
  player_.leave();
  settle_if_finished();
  // A start still being set up: the job's result will find no one.
  if (pending_feed_) context_.runs().close(pending_feed_->run_id());
  if (pending_ranked_) context_.competition()->give_back(*pending_ranked_);
}

std::optional<websocket_handler::close_request> client_session::close_requested() const {
  if (bad_tokens_ >= bad_token_limit) return close_request{1008, "too many wrong tokens"};
  if (!abusive()) return std::nullopt;
  return close_request{1008, "rate limit exceeded repeatedly"};
}

void client_session::reply_error(const request_error& error, std::string_view id,
                                 std::string& reply) {
  context_.stats().count_error(error.code);
  reply += protocol::write_server_message(error, id);
}

websocket_handler::frame_result client_session::handle(std::string_view frame, std::string& reply,
                                                       clock::time_point now) {
  constexpr auto answered = frame_result::answered;
  metrics& stats = context_.stats();
  stats.messages.fetch_add(1, std::memory_order_relaxed);
  last_activity_ = now;
  // The hot path: a plain run command during a run, read in place. Anything
  // else, errors included, goes through the full parser below.
  if (player_.in_run()) {
    if (const auto view = protocol::parse_fast_command(frame)) {
      if (!bucket_.take(now)) {
        reply_rate_limited(view->id, reply);
        return answered;
      }
      rate_limited_in_a_row_ = 0;
      protocol::path_buffer dirs;
      return play(protocol::command_of(*view, dirs), view->id, reply, now);
    }
  }
  auto parsed = protocol::parse_client_message(frame);
  if (auto* problem = std::get_if<protocol::parse_error>(&parsed)) {
    reply_error({problem->code, std::move(problem->message)}, problem->id, reply);
    return answered;
  }
  auto& request = std::get<protocol::client_request>(parsed);
  const std::string_view id = request.id;
  // A start the rules refuse is answered like a message the codec refuses:
  // before the hello and the rate limit.
  if (const auto* start = std::get_if<protocol::start_message>(&request.message)) {
    if (auto problem = check_request(*start)) {
      reply_error(*problem, id, reply);
      return answered;
    }
  }
  if (!bucket_.take(now)) {
    reply_rate_limited(id, reply);
    return answered;
  }
  rate_limited_in_a_row_ = 0;

  if (auto* hello = std::get_if<protocol::hello_message>(&request.message)) {
    return on_hello(*hello, id, reply);
  }
  if (!greeted_) {
    reply_error({errc::hello_required, "send {\"type\":\"hello\",\"name\":\"...\"} first"}, id,
                reply);
    return answered;
  }
  competition_hub* hub = context_.competition();
  if (auto* start = std::get_if<protocol::start_message>(&request.message)) {
    if (hub != nullptr && !hub->rules().practice) {
      reply_error({errc::unauthorized,
                   "this competition has no practice starts: start a challenge, "
                   "{\"type\":\"start\",\"challenge\":\"ID\"}, after a hello with your token"},
                  id, reply);
      return answered;
    }
    if (hub != nullptr && start->maze.name &&
        hub->reserves_maze(*start->maze.name, std::chrono::system_clock::now())) {
      reply_error({errc::unknown_maze,
                   "the maze \"" + start->maze.name->substr(0, 64) +
                       "\" is a competition challenge's: it opens to practice after the close"},
                  id, reply);
      return answered;
    }
    return start_run(*start, std::nullopt, id, reply, now);
  }
  if (auto* start = std::get_if<protocol::challenge_start_message>(&request.message)) {
    return on_challenge_start(start->challenge, id, reply, now);
  }
  if (std::holds_alternative<protocol::challenges_message>(request.message)) {
    if (hub == nullptr) {
      reply_error({errc::bad_request, "this server runs no competition"}, id, reply);
    } else if (!competitor_) {
      reply_error({errc::unauthorized,
                   "the challenges are shown to competitors: say hello with "
                   "your token"},
                  id, reply);
    } else {
      reply += protocol::write_server_message(
          protocol::challenges_reply{hub->challenges_for(competitor_->id)}, id);
    }
    return answered;
  }
  const run_command command = *protocol::command_of(request.message);
  if (auto problem = player_.refuse(command)) {
    reply_error(*problem, id, reply);
    return answered;
  }
  return play(command, id, reply, now);
}

websocket_handler::frame_result client_session::on_hello(const protocol::hello_message& hello,
                                                         std::string_view id, std::string& reply) {
  if (greeted_) {
    reply_error({errc::bad_request, "hello was already received on this connection"}, id, reply);
    return frame_result::answered;
  }
  name_ = hello.name;
  log_name_ = log_text(name_);
  if (!hello.token) {
    greeted_ = true;
    spdlog::info("session {} from {} is '{}'", id_, peer_, log_name_);
    reply += protocol::write_server_message(
        protocol::welcome_message{protocol::version, server_name(), id_}, id);
    return frame_result::answered;
  }
  competition_hub* hub = context_.competition();
  auto sink = sink_.lock();
  if (hub == nullptr || !sink) {
    reply_error({errc::unauthorized, "this server runs no competition: say hello without a token"},
                id, reply);
    return frame_result::answered;
  }
  // The token is looked up on the store's thread, never here.
  hub->authorize(*hello.token,
                 [this, sink, id = std::string(id)](std::optional<competitor_record> who) {
                   sink->resume([this, who = std::move(who), id](std::string& answer) {
                     return on_authorized(who, id, answer);
                   });
                 });
  return frame_result::deferred;
}

bool client_session::on_authorized(const std::optional<competitor_record>& who, std::string_view id,
                                   std::string& reply) {
  auto sink = sink_.lock();
  if (!who || !sink) {
    ++bad_tokens_;
    spdlog::info("session {} from {} ('{}'): unknown or revoked token", id_, peer_, log_name_);
    reply_error({errc::unauthorized, "this token is not known, or was revoked"}, id, reply);
    return true;
  }
  greeted_ = true;
  competitor_ = who;
  name_ = who->name;
  log_name_ = log_text(name_);
  seat_key_ = context_.next_run_id();  // unique, like run ids
  spdlog::info("session {} from {} is competitor '{}'", id_, peer_, log_name_);
  std::weak_ptr<message_sink> weak = sink;
  context_.seats().claim(
      who->id, seat_key_,
      [weak, this](bool withdrawn) {
        if (auto holder = weak.lock()) holder->post([this, withdrawn] { hand_over(withdrawn); });
      },
      [sink, this, id = std::string(id)](std::optional<parked_run> run) {
        auto taken = std::make_shared<std::optional<parked_run>>(std::move(run));
        sink->resume([this, taken, id](std::string& answer) {
          take_seat(std::move(*taken), id, answer);
          return true;
        });
      });
  return false;
}

void client_session::take_seat(std::optional<parked_run> run, std::string_view id,
                               std::string& reply) {
  if (replaced_ || context_.seats().superseded(competitor_->id, seat_key_)) {
    // A newer connection of the same competitor came meanwhile. (A run is
    // never handed to a superseded claimer; should one come, it is ended
    // and recorded rather than lost.)
    if (!replaced_) {
      replaced_ = true;
      if (run) context_.seats().leave(competitor_->id, seat_key_, std::move(run));
    }
    if (auto sink = sink_.lock()) sink->close(1008, "replaced");
    return;
  }
  protocol::welcome_message welcome{protocol::version, server_name(), id_};
  welcome.competitor = competitor_->name;
  welcome.competition = context_.competition()->info_for(competitor_->id);
  if (run) {
    player_ = std::move(run->seat);
    slot_ = std::move(run->slot);
    feed_ = std::move(run->feed);
    ranked_ = std::move(run->record);
    last_message_ = clock::now();
    drone_state state = start_state(*player_.current());
    hide_secrets(state);
    welcome.state = std::move(state);
    spdlog::info("session {} ('{}') took run {} over", id_, log_name_, player_.current()->id());
    arm_timer();
  }
  reply += protocol::write_server_message(welcome, id);
}

std::optional<parked_run> client_session::park_ranked_run() {
  if (!ranked_ || !player_.in_run() || !slot_) return std::nullopt;
  std::optional<parked_run> run(
      parked_run{std::move(player_), std::move(slot_), std::move(feed_), *ranked_});
  player_ = player{};
  ranked_.reset();
  return run;
}

void client_session::hand_over(bool withdrawn) {
  if (replaced_ || !competitor_) return;
  token_withdrawn_ = token_withdrawn_ || withdrawn;
  if (pending_ranked_) {
    // A ranked start is being set up: hand its run over once it is ready.
    hand_over_when_started_ = true;
    return;
  }
  replaced_ = true;
  const char* why = token_withdrawn_ ? "token withdrawn" : "replaced";
  spdlog::info("session {} ('{}') let go of its seat: {}", id_, log_name_, why);
  context_.seats().leave(competitor_->id, seat_key_, park_ranked_run());
  if (auto sink = sink_.lock()) sink->close(1008, why);
}

websocket_handler::frame_result client_session::on_challenge_start(const std::string& challenge,
                                                                   std::string_view id,
                                                                   std::string& reply,
                                                                   clock::time_point now) {
  competition_hub* hub = context_.competition();
  if (hub == nullptr) {
    reply_error({errc::unknown_challenge, "this server runs no competition"}, id, reply);
    return frame_result::answered;
  }
  if (!competitor_) {
    reply_error({errc::unauthorized, "ranked starts need a competitor's token in hello"}, id,
                reply);
    return frame_result::answered;
  }
  if (auto problem = player_.refuse_start()) {
    reply_error(*problem, id, reply);
    return frame_result::answered;
  }
  auto opened = hub->open_attempt(*competitor_, challenge, std::chrono::system_clock::now());
  if (auto* problem = std::get_if<request_error>(&opened)) {
    reply_error(*problem, id, reply);
    return frame_result::answered;
  }
  auto& attempt = std::get<competition_hub::attempt>(opened);
  return start_run(attempt.request, std::move(attempt.record), id, reply, now);
}

void client_session::hide_secrets(drone_state& state) const {
  if (!ranked_) return;
  state.seed.reset();
  if (state.maze) state.maze = ranked_->challenge;
  if (state.result) state.result->seed.reset();
}

void client_session::reply_when_durable(std::string text) {
  auto sink = sink_.lock();
  if (!sink) return;
  // The barrier runs after the result's own write has reported (one queue,
  // in order); what matters is whether that write landed.
  context_.competition()->after_writes([sink, text = std::move(text),
                                        written = end_written_](bool) {
    if (written && written->load() == 1) {
      sink->resume([text](std::string& answer) {
        answer += text;
        return true;
      });
      return;
    }
    // A result that could not be recorded is not sent: the competitor must
    // never hold a result the leaderboard does not know.
    spdlog::error("a ranked result could not be recorded: its connection is closed");
    sink->resume([](std::string& answer) {
      answer += protocol::write_server_message(request_error{
          errc::server_busy, "the server could not record this run's result; it is not ranked"});
      return true;
    });
    sink->close(1011, "the results store failed");
  });
}

void client_session::reply_rate_limited(std::string_view id, std::string& reply) {
  ++rate_limited_in_a_row_;
  reply_error({errc::rate_limited,
               "too many messages: the limit is " +
                   std::to_string(static_cast<long long>(context_.config().rate_limit)) +
                   " a second; wait for replies before sending more"},
              id, reply);
}

websocket_handler::frame_result client_session::play(const run_command& command,
                                                     std::string_view id, std::string& reply,
                                                     clock::time_point now) {
  // Only a command to the run counts against the idle limit: garbage does not.
  last_message_ = now;
  metrics& stats = context_.stats();
  const run& current = *player_.current();
  const std::uint64_t moves_before = current.steps() + current.bumps();
  drone_state s = player_.play(command, now);
  stats.moves.fetch_add(current.steps() + current.bumps() - moves_before,
                        std::memory_order_relaxed);
  const bool ranked_result = ranked_ && s.result;
  hide_secrets(s);
  const std::size_t reply_start = reply.size();
  protocol::append_state(reply, s, id);
  settle_if_finished();
  player_.shed();
  stats.observe_move_latency(clock::now() - now);
  if (!ranked_result || sink_.expired()) return frame_result::answered;
  // A ranked result is sent only once it is durable.
  reply_when_durable(reply.substr(reply_start));
  reply.resize(reply_start);
  return frame_result::deferred;
}

websocket_handler::frame_result client_session::start_run(const run_request& start,
                                                          std::optional<ranked_run_record> ranked,
                                                          std::string_view id, std::string& reply,
                                                          clock::time_point now) {
  // A ranked attempt not played is not counted.
  auto refuse = [&](const request_error& problem) {
    if (ranked) context_.competition()->give_back(*ranked);
    reply_error(problem, id, reply);
    return frame_result::answered;
  };
  if (auto problem = player_.refuse_start()) return refuse(*problem);
  const maze_catalog& catalog = context_.catalog();
  // What the host refuses is refused before any budget is touched.
  if (auto problem = check_host(start, catalog, context_.host())) return refuse(*problem);
  const std::uint64_t cost = setup_cost(start, catalog);
  if (!context_.charge_setup(address_, cost, now)) {
    return refuse({errc::rate_limited,
                   "your address has asked the server to set up more mazes than its share; try "
                   "again in a few seconds"});
  }
  run_slot slot = context_.reserve_run(request_cells(start, catalog), address_);
  if (!slot) {
    return refuse({errc::server_busy,
                   "the server is running as many runs (or cells) as it allows; try again "
                   "shortly"});
  }
  const std::uint64_t run_id = context_.next_run_id();
  if (ranked) ranked->run = run_id;
  auto feed = context_.runs().open(run_id, name_, ranked ? ranked->challenge : std::string());
  const std::uint64_t seed = context_.random_seed();
  auto sink = sink_.lock();
  if (cost <= inline_start_cost || !sink) {
    auto setup = set_up_run(start, catalog, context_.host(), run_id, seed, now, feed.get());
    finish_start(std::move(setup), std::move(slot), std::move(feed), std::move(ranked), id, reply,
                 now);
    return frame_result::answered;
  }
  // A big maze: set it up on the job pool, never on this I/O thread. The job
  // holds the connection (sink) until it has answered.
  server_context* context = &context_;
  auto job = [context, sink, start, run_id, seed, now, feed, id = std::string(id), this] {
    std::variant<run, request_error> setup = request_error{};
    try {
      setup = set_up_run(start, context->catalog(), context->host(), run_id, seed, now, feed.get());
    } catch (const std::exception& e) {
      setup = request_error{errc::server_busy,
                            std::string("the server could not set this maze up: ") + e.what()};
    }
    sink->resume([this, setup = std::move(setup), id](std::string& answer) mutable {
      // The run's clock starts when its start is answered, not when it was asked.
      finish_start(std::move(setup), std::move(pending_slot_), std::move(pending_feed_),
                   std::exchange(pending_ranked_, std::nullopt), id, answer, clock::now());
      return true;
    });
  };
  pending_slot_ = std::move(slot);
  pending_feed_ = feed;
  pending_ranked_ = ranked;
  if (!context_.starts().try_submit(cost, address_, std::move(job))) {
    pending_slot_.release();
    pending_feed_.reset();
    pending_ranked_.reset();
    context_.runs().close(run_id);
    return refuse(
        {errc::server_busy, "the server is setting up as many mazes as it can; try again shortly"});
  }
  context_.stats().starts_deferred.fetch_add(1, std::memory_order_relaxed);
  return frame_result::deferred;
}

void client_session::finish_start(std::variant<run, request_error> setup, run_slot slot,
                                  std::shared_ptr<run_feed> feed,
                                  std::optional<ranked_run_record> ranked, std::string_view id,
                                  std::string& reply, clock::time_point now) {
  if (auto* problem = std::get_if<request_error>(&setup)) {
    context_.runs().close(feed->run_id());
    if (ranked) context_.competition()->give_back(*ranked);
    reply_error(*problem, id, reply);
    if (hand_over_when_started_) {
      hand_over_when_started_ = false;
      hand_over(token_withdrawn_);
    }
    return;
  }
  run& ready = std::get<run>(setup);
  ready.restart_clock(now);
  drone_state started = player_.begin(std::move(ready));
  feed_ = std::move(feed);
  slot_ = std::move(slot);
  ranked_ = std::move(ranked);
  last_message_ = now;
  context_.stats().runs_started.fetch_add(1, std::memory_order_relaxed);
  const run& r = *player_.current();
  arm_timer();
  if (!ranked_) {
    spdlog::info("session {} ('{}') run {} started: {} {}x{} seed {} treasures {}", id_, log_name_,
                 r.id(), r.source().label(), r.maze().width(), r.maze().height(), r.seed(),
                 r.treasures());
    protocol::append_state(reply, started, id);
    return;
  }
  // Never the seed of a ranked run, not even in the log.
  spdlog::info("session {} ('{}') run {} started: challenge {} attempt {} (deal {})", id_,
               log_name_, r.id(), ranked_->challenge, ranked_->attempt, ranked_->deal);
  hide_secrets(started);
  if (hand_over_when_started_) {
    // Another connection of the competitor waits for this run: it goes there.
    context_.competition()->record_start(*ranked_, nullptr);
    hand_over_when_started_ = false;
    hand_over(token_withdrawn_);
    return;
  }
  // The start row joins the store's queue; the reply does not wait for it
  // (docs/competition.md: the end of a run is what must be durable first).
  context_.competition()->record_start(*ranked_, nullptr);
  protocol::append_state(reply, started, id);
}

void client_session::arm_timer() {
  const auto sink = sink_.lock();
  if (!sink) return;
  const server_config& config = context_.config();
  std::optional<clock::time_point> next;
  auto sooner = [&](clock::time_point t) {
    if (!next || t < *next) next = t;
  };
  if (!greeted_) sooner(connected_at_ + std::chrono::seconds(config.hello_seconds));
  if (player_.in_run()) {
    if (const auto deadline = player_.current()->deadline()) sooner(*deadline);
    if (config.run_idle_seconds != 0) {
      sooner(last_message_ + std::chrono::seconds(config.run_idle_seconds));
    }
  } else if (config.connection_idle_seconds != 0) {
    sooner(last_activity_ + std::chrono::seconds(config.connection_idle_seconds));
  }
  if (next) sink->wake_at(*next);
}

void client_session::on_timer(clock::time_point now) {
  const server_config& config = context_.config();
  const auto sink = sink_.lock();
  if (!greeted_ && now - connected_at_ >= std::chrono::seconds(config.hello_seconds)) {
    spdlog::info("session {} sent no hello within {} s: closed (1008)", id_, config.hello_seconds);
    if (sink) sink->close(1008, "no hello within " + std::to_string(config.hello_seconds) + " s");
    return;
  }
  if (player_.in_run()) {
    if (player_.expire_if_due(now)) {
      spdlog::info("session {} ('{}') run {}: its time limit passed", id_, log_name_,
                   player_.current()->id());
      settle_if_finished();
    } else if (config.run_idle_seconds != 0 &&
               now - last_message_ >= std::chrono::seconds(config.run_idle_seconds)) {
      spdlog::info("session {} ('{}') run {}: no command for {} s", id_, log_name_,
                   player_.current()->id(), config.run_idle_seconds);
      player_.time_out();
      settle_if_finished();
    }
  } else if (pending_feed_ == nullptr && config.connection_idle_seconds != 0 &&
             now - last_activity_ >= std::chrono::seconds(config.connection_idle_seconds)) {
    // Between runs, a connection that says nothing holds a slot for nothing.
    spdlog::info("session {} ('{}') idle for {} s: closed (1008)", id_, log_name_,
                 config.connection_idle_seconds);
    if (sink) {
      sink->close(1008, "no message for " + std::to_string(config.connection_idle_seconds) + " s");
    }
    return;
  }
  arm_timer();
}

void client_session::settle_if_finished() {
  if (!slot_ || player_.in_run()) return;
  slot_.release();
  const run& r = *player_.current();
  context_.runs().close(r.id());
  const run_result result = r.result();
  context_.stats().count_finished(result.status);
  if (ranked_) {
    end_written_ = std::make_shared<std::atomic<int>>(0);
    // The moves go into the store with the result: the replay published
    // after the close is rebuilt from them.
    ranked_run_record record =
        competition_hub::ended(*ranked_, result, std::chrono::system_clock::now());
    if (feed_ && !feed_->moves().full()) {
      feed_->moves().copy(0, feed_->moves().size(), record.moves);
    }
    context_.competition()->record_end(
        record, [written = end_written_](bool durable) { written->store(durable ? 1 : 2); });
  }
  spdlog::info(
      "session {} ('{}') run {} {}: steps {} bumps {} score {} optimal {} efficiency {:.3f}", id_,
      log_name_, r.id(), to_string(result.status), result.steps, result.bumps, result.score,
      result.optimal, result.efficiency);
  // A connection between runs holds no maze, and only the idle limit's timer.
  player_.shed();
  arm_timer();
}

}  // namespace ariadne
