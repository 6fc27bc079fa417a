#include "server/app/routes.hpp"

#include <chrono>
#include <memory>

#include "server/app/answer_memory.hpp"
#include "server/app/api_routes.hpp"
#include "server/app/baseline_route.hpp"
#include "server/app/client_session.hpp"
#include "server/app/replay_route.hpp"
#include "server/app/server_context.hpp"
#include "server/app/spectator_session.hpp"
#include "server/net/transport_context.hpp"

namespace ariadne {

namespace {

// Every answer of a route holds its memory until written (answer_memory.hpp).
http_reply holding(server_context& context, const http_request& request, http_reply reply) {
  return [&context, address = request.address, reply = std::move(reply)](http_answer answer) {
    reply(hold_answer(context.memory(), address, std::move(answer)));
  };
}

// A route that serves GET and HEAD; other methods get route_http's 405.
http_handler get_only(server_context& context,
                      void (*answer)(server_context&, const http_request&, http_reply)) {
  return [&context, answer](const http_request& request, http_reply reply) {
    if (!served_method(request.method)) {
      return reply(route_http(context, request.method, request.target));
    }
    answer(context, request, holding(context, request, std::move(reply)));
  };
}

}  // namespace

void add_routes(server_context& context, transport_context& transport) {
  transport.websockets().add("/ws", [&context](const connection_info& who) {
    // A 503 before the handshake: a proxy tries another server (nginx's
    // proxy_next_upstream http_503), a client its next attempt.
    if (context.draining()) {
      return websocket_outcome(http_answer{503, "text/plain; charset=utf-8",
                                           "this server is draining: connect again\n"});
    }
    return websocket_outcome(std::make_unique<client_session>(
        context, who.session, who.peer, who.address, std::chrono::steady_clock::now()));
  });
  transport.websockets().add("/spectate/", [&context](const connection_info& who) {
    return open_spectator(context, who);
  });
  transport.http().add("/api/baseline", get_only(context, answer_baseline));
  transport.http().add("/api/replays/", get_only(context, answer_replay));
  transport.http().set_fallback([&context](const http_request& request, http_reply reply) {
    holding(context, request,
            std::move(reply))(route_http(context, request.method, request.target));
  });
}

}  // namespace ariadne
