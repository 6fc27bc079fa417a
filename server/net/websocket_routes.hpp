#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "server/net/http_answer.hpp"
#include "server/net/websocket_handler.hpp"

namespace ariadne {

// Who asks for a WebSocket, as a route's factory sees it.
struct connection_info {
  std::string session;  // the connection's id, as logs and welcome show it
  std::string peer;     // address:port
  std::string address;  // the address its budgets count under (server_context)
  std::string target;   // the request target, query included
};

// Where WebSocket upgrades go, by target: /ws for drones, and next to it any
// endpoint added later (a spectator stream), without touching the player
// path. Set up before the server starts; read-only afterwards.
class websocket_routes {
 public:
  // A handler for the connection, or the HTTP answer that refuses it before
  // the upgrade (404 for an unknown run, say).
  using outcome = std::variant<std::unique_ptr<websocket_handler>, http_answer>;
  using factory = std::function<outcome(const connection_info& who)>;

  // Routes path exactly, or, when it ends with '/', every path under it.
  void add(std::string path, factory make) {
    entries_.push_back({std::move(path), std::move(make)});
  }

  // The factory for a target (its query ignored), or nullptr.
  const factory* find(std::string_view target) const {
    const std::string_view path = target.substr(0, target.find('?'));
    for (const auto& e : entries_) {
      const bool prefix = !e.path.empty() && e.path.back() == '/';
      if (path == e.path || (prefix && path.starts_with(e.path))) return &e.make;
    }
    return nullptr;
  }

 private:
  struct entry {
    std::string path;
    factory make;
  };
  std::vector<entry> entries_;
};

}  // namespace ariadne
