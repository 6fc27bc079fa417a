#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ariadne {

// The answer to a plain HTTP request, without Beast types so that it can be
// tested directly.
struct http_answer {
  http_answer(unsigned status_in = 200, std::string content_type_in = "text/plain; charset=utf-8",
              std::string body_in = {})
      : status(status_in), content_type(std::move(content_type_in)), body(std::move(body_in)) {}

  // A plain-text answer (the sentence of an error, "ok\n", ...).
  static http_answer text(unsigned status, std::string body) {
    return http_answer(status, "text/plain; charset=utf-8", std::move(body));
  }

  unsigned status = 200;
  std::string content_type = "text/plain; charset=utf-8";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // beyond Server and Content-Type
  // Kept until the answer has been written or its connection is gone (a
  // claim on the server's memory budget, for example).
  std::shared_ptr<const void> hold;
};

// Why a request target is refused before it is served (before a WebSocket
// upgrade, or before a page connects): an HTTP status and its sentence.
struct target_refusal {
  unsigned status = 400;
  std::string text;
};

}  // namespace ariadne
