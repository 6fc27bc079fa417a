#include "server/ranked/token_login.hpp"

#include <spdlog/spdlog.h>

#include <chrono>

#include "protocol/message_writer.hpp"
#include "server/competition/rules/secrets.hpp"
#include "server/host/error_reply.hpp"
#include "server/ranked/handed_runs.hpp"
#include "server/ranked/ranked_play.hpp"

namespace ariadne {

namespace {

using clock = std::chrono::steady_clock;

}  // namespace

websocket_handler::frame_result token_login::look_up(const std::string& token, std::string_view id,
                                                     std::string& reply,
                                                     const std::weak_ptr<message_sink>& weak,
                                                     found_fn done, recorded_fn recorded) {
  auto sink = weak.lock();
  if (!sink) {
    reply_error(host_.counters,
                {errc::unauthorized, "this server runs no competition: say hello without a token"},
                id, reply);
    return frame_result::answered;
  }
  token_hash_ = token_hash(token);
  if (!host_.budgets.try_token(who_.address, token_hash_, clock::now())) {
    ++bad_tokens_;
    reply_error(host_.counters,
                {errc::rate_limited,
                 "your address has tried too many wrong tokens; wait a few "
                 "seconds"},
                id, reply);
    return frame_result::answered;
  }
  // The token is looked up on the store's thread, never here.
  play_.competition().authorize(
      token, [this, sink, weak, id = std::string(id), done = std::move(done),
              recorded = std::move(recorded)](bool answered, std::optional<competitor_record> who,
                                              const std::string& playing_elsewhere) {
        // Here, not on the connection's strand: a connection gone meanwhile
        // must not leave its lookup waiting in the address's count.
        using verdict = address_budgets::token_answer;
        host_.budgets.token_looked_up(
            who_.address, token_hash_,
            who ? verdict::right : (answered ? verdict::wrong : verdict::unanswered), clock::now());
        sink->resume([this, answered, who = std::move(who), id, weak, done, recorded,
                      elsewhere = playing_elsewhere](std::string& answer) {
          return on_looked_up(answered, who, elsewhere, id, answer, weak, done, recorded);
        });
      });
  return frame_result::deferred;
}

bool token_login::on_looked_up(bool answered, const std::optional<competitor_record>& who,
                               const std::string& playing_elsewhere, std::string_view id,
                               std::string& reply, const std::weak_ptr<message_sink>& weak,
                               const found_fn& done, const recorded_fn& recorded) {
  // A store that cannot be read says nothing of the token: the client may
  // try again (its try is charged to its address, as a wrong token's).
  if (!answered) {
    reply_error(host_.counters, competition_hub::store_busy(), id, reply);
    return true;
  }
  auto sink = weak.lock();
  if (!who || !sink) {
    ++bad_tokens_;
    spdlog::info("session {} from {} ('{}'): unknown or revoked token", who_.id, who_.peer,
                 who_.log_name);
    reply_error(host_.counters, {errc::unauthorized, "this token is not known, or was revoked"}, id,
                reply);
    return true;
  }
  competition_hub& hub = play_.competition();
  // Its run in play on another server would be set up here again, moves and
  // all: each such hello costs the address the worst of that before its seat
  // moves, so hopping cannot keep servers busy.
  if (!playing_elsewhere.empty()) {
    const challenge* c = hub.rules().find(playing_elsewhere);
    const std::uint64_t cost = c != nullptr ? handover_cost(host_, *c) : 0;
    if (!host_.budgets.charge_setup(who_.address, cost, clock::now())) {
      reply_error(host_.counters,
                  {errc::rate_limited,
                   "your address has asked the server to set up more mazes than its share (your "
                   "run in play on another server is set up again here); try again in a few "
                   "seconds"},
                  id, reply);
      return true;
    }
  }
  // The latest hello, for the other servers on the store: theirs let go.
  // Alone on the store, it is written beside the welcome; shared, it is
  // written first, and tells of the competitor's run in play elsewhere.
  if (!hub.shared()) {
    hub.record_hello(who->id,
                     [weak, recorded, competitor = who->id](bool durable, const std::string&) {
                       auto holder = weak.lock();
                       if (!durable || !holder) return;
                       holder->post([recorded, competitor] { recorded(competitor); });
                     });
    return done(found{*who, false, {}});
  }
  hub.record_hello(who->id, [sink, who = *who, done](bool durable, const std::string& elsewhere) {
    sink->resume([durable, who, done, elsewhere](std::string&) {
      return done(found{who, durable, elsewhere});
    });
  });
  return false;
}

}  // namespace ariadne
