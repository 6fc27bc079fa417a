#pragma once

#include <memory>

namespace ariadne::testing {

// A server that never answers: it listens on 127.0.0.1 (the kernel completes
// connections) but never accepts, reads or writes. For clients' timeouts.
class hung_listener {
 public:
  hung_listener();
  ~hung_listener();
  unsigned short port() const;

 private:
  struct socket;
  std::unique_ptr<socket> socket_;
};

}  // namespace ariadne::testing
