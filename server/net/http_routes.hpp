#pragma once

#include <string>
#include <string_view>

#include "server/net/server_context.hpp"

namespace ariadne {

// The answer to a plain HTTP request, without Beast types so that it can be
// tested directly.
struct http_answer {
  unsigned status = 200;
  std::string content_type = "text/plain; charset=utf-8";
  std::string body;
};

// GET /healthz, /metrics, /api/generators, /api/mazes; 404 elsewhere, 405 for
// methods other than GET and HEAD. Nothing here reveals a running maze.
http_answer route_http(server_context& context, std::string_view method, std::string_view target);

}  // namespace ariadne
