#pragma once

namespace ariadne {

// A connection the server can ask to go away when it stops.
class closable {
 public:
  virtual ~closable() = default;
  // Begins a graceful close; callable from any thread.
  virtual void shutdown() = 0;
  // Lets the connection's handler look at the server's state again (a
  // drain has begun); callable from any thread. Nothing for plain HTTP.
  virtual void wake() {}
};

}  // namespace ariadne
