#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "server/competition/records/records.hpp"
#include "server/host/connection_identity.hpp"
#include "server/host/run_host.hpp"
#include "server/net/message_sink.hpp"
#include "server/net/websocket_handler.hpp"

namespace ariadne {

class ranked_play;

// The lookup that begins a hello with a token: the address's share of tries
// charged (wrong tokens cost the store a lookup each), the token's hash
// looked up on the store's thread, a competitor playing on another server
// charged what setting its run up here costs, then its hello recorded in
// the store as its latest: before the welcome when other servers share the
// store (the record tells of its run in play elsewhere), beside it when
// alone. What was found goes to the hello's completion, on the connection's
// strand. Not thread-safe: the connection's strand.
class token_login {
 public:
  using frame_result = websocket_handler::frame_result;

  // Wrong tokens a connection may send before it is closed (1008).
  static constexpr std::uint32_t bad_token_limit = 5;

  // What the lookup found: the competitor, whether its hello is recorded
  // already, and the challenge of its run in play elsewhere ("" for none).
  struct found {
    competitor_record who;
    bool recorded = false;
    std::string playing_elsewhere;
  };
  // Takes what was found (its return value is resume's: false, the welcome
  // waits still).
  using found_fn = std::function<bool(const found& what)>;
  // A hello recorded beside the welcome is durable (posted to the strand).
  using recorded_fn = std::function<void(std::int64_t competitor)>;

  // All of them outlive it.
  token_login(ranked_play& play, run_host& host, const connection_identity& who)
      : play_(play), host_(host), who_(who) {}

  // Looks `token` up: an error answered now, or deferred until `done`.
  frame_result look_up(const std::string& token, std::string_view id, std::string& reply,
                       const std::weak_ptr<message_sink>& sink, found_fn done,
                       recorded_fn recorded);
  bool too_many_bad_tokens() const { return bad_tokens_ >= bad_token_limit; }

 private:
  bool on_looked_up(bool answered, const std::optional<competitor_record>& who,
                    const std::string& playing_elsewhere, std::string_view id, std::string& reply,
                    const std::weak_ptr<message_sink>& sink, const found_fn& done,
                    const recorded_fn& recorded);

  ranked_play& play_;
  run_host& host_;
  const connection_identity& who_;
  std::string token_hash_;  // of the token being looked up
  std::uint32_t bad_tokens_ = 0;
};

}  // namespace ariadne
