#pragma once

#include <string>
#include <utility>

namespace ariadne {

class connection_admission;

// A TCP connection's place in the connection budgets: the total, and its
// address's share. An admitted connection is served; a refused one is only
// answered 503 (a small budget of its own, so that refusing stays cheap);
// past that it is closed at once. Moves from the HTTP session to the
// WebSocket session with the socket, and is given back exactly once.
class connection_slot {
 public:
  // refused: the server holds all it may (answered 503: a proxy tries
  // another server); over_share: the address holds its share (answered
  // 429: the client's own doing, no sign of a failing server).
  enum class kind { none, admitted, refused, over_share, proxied };

  connection_slot() = default;
  connection_slot(connection_admission& admission, kind k, std::string address)
      : admission_(&admission), kind_(k), address_(std::move(address)) {}
  connection_slot(connection_slot&& other) noexcept
      : admission_(std::exchange(other.admission_, nullptr)),
        kind_(std::exchange(other.kind_, kind::none)),
        address_(std::move(other.address_)) {}
  connection_slot& operator=(connection_slot&& other) noexcept {
    if (this != &other) {
      release();
      admission_ = std::exchange(other.admission_, nullptr);
      kind_ = std::exchange(other.kind_, kind::none);
      address_ = std::move(other.address_);
    }
    return *this;
  }
  connection_slot(const connection_slot&) = delete;
  connection_slot& operator=(const connection_slot&) = delete;
  ~connection_slot() { release(); }

  bool admitted() const { return kind_ == kind::admitted || kind_ == kind::proxied; }
  bool refused() const { return kind_ == kind::refused || kind_ == kind::over_share; }
  bool over_share() const { return kind_ == kind::over_share; }
  const std::string& address() const { return address_; }
  void release();

 private:
  connection_admission* admission_ = nullptr;
  kind kind_ = kind::none;
  std::string address_;
};

}  // namespace ariadne
