#pragma once

#include <functional>
#include <memory>
#include <string>
#include <variant>

#include "server/net/http_answer.hpp"
#include "server/net/route_table.hpp"
#include "server/net/websocket_handler.hpp"

namespace ariadne {

// Who asks for a WebSocket, as a route's factory sees it.
struct connection_info {
  std::string session;  // the connection's id, as logs and welcome show it
  std::string peer;     // address:port
  std::string address;  // the address its budgets count under (budget_address)
  std::string target;   // the request target, query included
};

// A WebSocket route's answer to an upgrade: a handler for the connection,
// or the HTTP answer that refuses it before the upgrade (404 for an unknown
// run, say).
using websocket_admission = std::variant<std::unique_ptr<websocket_handler>, http_answer>;
using websocket_factory = std::function<websocket_admission(const connection_info& who)>;

// Where WebSocket upgrades go, by target: /ws for drones, and next to it any
// endpoint added later (a spectator stream), without touching the player path.
class websocket_routes : public route_table<websocket_factory> {
 public:
  using outcome = websocket_admission;
  using factory = websocket_factory;
};

}  // namespace ariadne
