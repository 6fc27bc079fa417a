#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "server/net/message_sink.hpp"

namespace ariadne {

// What a WebSocket endpoint does with its connections: websocket_session
// moves frames, a handler says what they mean (client_session for drones on
// /ws). Called on the connection's strand only, one call at a time.
class websocket_handler {
 public:
  using clock = std::chrono::steady_clock;

  // What became of a frame: answered (the reply is written), or deferred
  // (no more frames are read until the handler calls message_sink::resume).
  enum class frame_result { answered, deferred };

  struct close_request {
    std::uint16_t code = 1000;
    std::string reason;
  };

  virtual ~websocket_handler() = default;

  // The handshake is done; sink pushes to this connection from anywhere.
  virtual void on_open(std::weak_ptr<message_sink> sink) { (void)sink; }
  // One text frame; the reply, if any, is appended to reply.
  virtual frame_result on_frame(std::string_view frame, std::string& reply,
                                clock::time_point now) = 0;
  // The time asked for with message_sink::wake_at has come.
  virtual void on_timer(clock::time_point now) { (void)now; }
  // The transport was asked to wake every connection (transport::wake_connections).
  virtual void on_wake(clock::time_point now) { (void)now; }
  // After a frame: set when the connection should close once the replies
  // are written.
  virtual std::optional<close_request> close_requested() const { return std::nullopt; }
  // A one-line description for the server's log ("'name'").
  virtual std::string describe() const { return {}; }
};

}  // namespace ariadne
