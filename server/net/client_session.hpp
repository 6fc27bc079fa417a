#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "protocol/messages.hpp"
#include "server/game/run.hpp"
#include "server/net/server_context.hpp"
#include "server/net/token_bucket.hpp"

namespace ariadne {

// One client's conversation, independent of the socket: takes each text
// frame and writes exactly one reply. Owns the client's run; a bad message
// gets an error reply and changes nothing. Not thread-safe: the connection's
// strand serialises calls.
class client_session {
 public:
  using clock = std::chrono::steady_clock;

  client_session(server_context& context, std::string id, std::string peer, clock::time_point now);
  ~client_session();

  client_session(const client_session&) = delete;
  client_session& operator=(const client_session&) = delete;

  // Handles one frame, appending the reply to `reply`.
  void handle(std::string_view frame, std::string& reply, clock::time_point now);

  // True once the client has been rate limited so often in a row that the
  // connection should be closed (1008).
  bool abusive() const { return rate_limited_in_a_row_ >= context_.config().rate_abuse_limit; }

  const std::string& id() const { return id_; }
  const std::string& name() const { return name_; }
  bool has_run() const { return run_.has_value() && run_->active(); }

 private:
  void on_start(const protocol::start_message& start, std::string_view id, std::string& reply,
                clock::time_point now);
  // Plays a run command (parsed fully or in place) and appends the state reply.
  template <typename Command>
  void play(const Command& command, std::string_view id, std::string& reply, clock::time_point now);
  void reply_rate_limited(std::string_view id, std::string& reply);
  void reply_error(protocol::error_code code, std::string_view message, std::string_view id,
                   std::string& reply);
  // Book-keeping once the run has ended: budget, metrics, log.
  void settle_if_finished();

  server_context& context_;
  std::string id_;
  std::string peer_;
  std::string name_;
  bool greeted_ = false;
  token_bucket bucket_;
  std::uint32_t rate_limited_in_a_row_ = 0;
  std::optional<run> run_;
  bool holds_run_slot_ = false;
};

}  // namespace ariadne
