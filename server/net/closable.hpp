#pragma once

namespace ariadne {

// A connection the server can ask to go away when it stops.
class closable {
 public:
  virtual ~closable() = default;
  // Begins a graceful close; callable from any thread.
  virtual void shutdown() = 0;
};

}  // namespace ariadne
