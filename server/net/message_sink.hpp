#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace ariadne {

// A connection as code outside its read loop sees it: it can push a message
// or close it, from any thread. Implemented by websocket_session.
class message_sink {
 public:
  virtual ~message_sink() = default;
  // Queues text for the client; one buffer may go to many connections. A
  // connection whose write queue is already at its limit is dropped: it is
  // not reading.
  virtual void send(std::shared_ptr<const std::string> text) = 0;
  // Closes with code and reason once what is queued is written.
  virtual void close(std::uint16_t code, std::string reason) = 0;
  // For a frame whose reply the handler deferred: runs finish on the
  // connection's strand and sends what it appends to its argument. When
  // finish returns true that was the reply and reading goes on; false keeps
  // the frame deferred (the handler will resume again).
  virtual void resume(std::function<bool(std::string& reply)> finish) = 0;
  // Drops the connection at once (no close handshake): for a peer that does
  // not read, whose queued messages would never be written.
  virtual void drop() = 0;
  // Messages queued and not yet written; read on the connection's strand.
  virtual std::size_t backlog() const = 0;
  // Runs work on the connection's strand while the connection lives.
  virtual void post(std::function<void()> work) = 0;
  // Calls the handler's on_timer at `when`, on the strand; a later call
  // replaces an earlier one.
  virtual void wake_at(std::chrono::steady_clock::time_point when) = 0;
  // From a frame's handler, on the strand: the next frame is read no sooner
  // than `when` (what the client sends meanwhile waits in its own socket).
  // The connection lives until then.
  virtual void read_later(std::chrono::steady_clock::time_point when) = 0;
};

}  // namespace ariadne
