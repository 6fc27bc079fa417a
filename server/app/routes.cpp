#include "server/app/routes.hpp"

#include <chrono>
#include <memory>
#include <string>
#include <string_view>

#include "core/model/whole_number.hpp"
#include "server/app/api_routes.hpp"
#include "server/app/baseline_route.hpp"
#include "server/app/client_session.hpp"
#include "server/app/replay_route.hpp"
#include "server/app/request_targets.hpp"
#include "server/app/server_context.hpp"
#include "server/app/spectator_session.hpp"
#include "server/host/answer_memory.hpp"
#include "server/net/transport_context.hpp"

namespace ariadne {

namespace {

using published = api_routes::published_document;

// A route that serves GET and HEAD (others get 405), every answer holding
// its memory until written (answer_memory.hpp).
http_handler get_only(server_context& context,
                      std::function<void(const http_request&, http_reply)> answer) {
  return [&context, answer = std::move(answer)](const http_request& request, http_reply reply) {
    auto holding = [&context, address = request.address, reply = std::move(reply)](http_answer a) {
      reply(hold_answer(context.memory(), address, std::move(a)));
    };
    if (!served_method(request.method)) return holding(api_routes::method_not_allowed());
    answer(request, std::move(holding));
  };
}

// A route answered at once.
http_handler at_once(server_context& context,
                     std::function<http_answer(const http_request&)> make) {
  return get_only(context, [make = std::move(make)](const http_request& request, http_reply reply) {
    reply(make(request));
  });
}

std::string_view path_of(std::string_view target) {
  return target.substr(0, target.find('?'));
}

}  // namespace

void add_http_routes(server_context& context, http_routes& http) {
  server_context* c = &context;
  auto add = [&](std::string path, std::function<http_answer(const http_request&)> make) {
    http.add(std::move(path), at_once(context, std::move(make)));
  };
  auto add_prefix = [&](std::string prefix, std::function<http_answer(const http_request&)> make) {
    http.add_prefix(std::move(prefix), at_once(context, std::move(make)));
  };
  add("/healthz", [c](const http_request&) { return api_routes::health(c->draining()); });
  add("/readyz",
      [c](const http_request&) { return api_routes::ready(c->draining(), c->competition()); });
  add("/metrics", [c](const http_request&) {
    return api_routes::metrics_text(c->counters(), c->competition());
  });
  for (const auto& [path, which] :
       {std::pair{"/api/competition", published::competition},
        std::pair{"/api/leaderboard", published::board},
        std::pair{"/api/leaderboard.csv", published::board_csv},
        std::pair{"/api/leaderboard/history", published::board_history}}) {
    add(path, [c, which = which](const http_request&) {
      return api_routes::published(c->competition(), which);
    });
  }
  add("/api/generators", [](const http_request&) { return api_routes::generators(); });
  add("/api/mazes",
      [c](const http_request&) { return api_routes::mazes(c->catalog(), c->competition()); });
  add("/api/server",
      [c](const http_request&) { return api_routes::server_info(c->competition()); });
  add("/api/runs", [c](const http_request&) {
    return api_routes::runs(c->runs(), c->competition(), c->runs_list());
  });
  add_prefix("/api/runs/", [c](const http_request& request) {
    const auto run = run_of(request.target, "/api/runs/");
    return run ? api_routes::one_run(c->runs(), c->competition(), *run) : api_routes::not_found();
  });
  http.add_prefix("/api/replays/",
                  get_only(context, [c](const http_request& request, http_reply reply) {
                    answer_replay(*c, request, std::move(reply));
                  }));
  http.add("/api/baseline", get_only(context, [c](const http_request& request, http_reply reply) {
             answer_baseline(*c, request, std::move(reply));
           }));
  add("/ws", [](const http_request&) { return api_routes::websocket_only(); });
  // The pages: each at its own path, and every file under /static/.
  for (const auto& [path, file] :
       {std::pair{"/", "/index.html"}, std::pair{"/replay", "/replay.html"},
        std::pair{"/play", "/play.html"}, std::pair{"/versus", "/versus.html"},
        std::pair{"/favicon.ico", "/favicon.svg"}}) {
    add(path, [file = file](const http_request&) { return api_routes::page(file); });
  }
  add_prefix("/watch/", [](const http_request& request) {
    return run_of(request.target, "/watch/") ? api_routes::page("/watch.html")
                                             : api_routes::not_found();
  });
  add_prefix("/static/", [](const http_request& request) {
    return api_routes::page(path_of(request.target).substr(std::string_view("/static").size()));
  });
  http.set_fallback(at_once(context, [](const http_request&) { return api_routes::not_found(); }));
}

void add_routes(server_context& context, transport_context& transport) {
  transport.websockets().add("/ws", [&context](const connection_info& who) {
    // A 503 before the handshake: a proxy tries another server (nginx's
    // proxy_next_upstream http_503), a client its next attempt.
    if (context.draining()) {
      return websocket_admission(
          http_answer::text(503, "this server is draining: connect again\n"));
    }
    return websocket_admission(std::make_unique<client_session>(
        context.run_services(), context.ranked(), context.session_settings(),
        context.draining_flag(), connection_identity{who.session, who.peer, who.address},
        std::chrono::steady_clock::now()));
  });
  transport.websockets().add_prefix("/spectate/", [&context](const connection_info& who) {
    return open_spectator(context, who);
  });
  add_http_routes(context, transport.http());
}

}  // namespace ariadne
