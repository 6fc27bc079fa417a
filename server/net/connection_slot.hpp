#pragma once

#include <string>
#include <utility>

namespace ariadne {

class server_context;

// A TCP connection's place in the server's budgets: the total, and its
// address's share. An admitted connection is served; a refused one is only
// answered 503 (a small budget of its own, so that refusing stays cheap);
// past that it is closed at once. Moves from the HTTP session to the
// WebSocket session with the socket.
class connection_slot {
 public:
  enum class kind { none, admitted, refused };

  connection_slot() = default;
  connection_slot(server_context& context, kind k, std::string address)
      : context_(&context), kind_(k), address_(std::move(address)) {}
  connection_slot(connection_slot&& other) noexcept
      : context_(std::exchange(other.context_, nullptr)),
        kind_(std::exchange(other.kind_, kind::none)),
        address_(std::move(other.address_)) {}
  connection_slot& operator=(connection_slot&& other) noexcept {
    if (this != &other) {
      release();
      context_ = std::exchange(other.context_, nullptr);
      kind_ = std::exchange(other.kind_, kind::none);
      address_ = std::move(other.address_);
    }
    return *this;
  }
  connection_slot(const connection_slot&) = delete;
  connection_slot& operator=(const connection_slot&) = delete;
  ~connection_slot() { release(); }

  bool admitted() const { return kind_ == kind::admitted; }
  bool refused() const { return kind_ == kind::refused; }
  const std::string& address() const { return address_; }
  void release();

 private:
  server_context* context_ = nullptr;
  kind kind_ = kind::none;
  std::string address_;
};

}  // namespace ariadne
