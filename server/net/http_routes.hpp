#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "server/net/http_answer.hpp"
#include "server/net/route_table.hpp"

namespace ariadne {

// A plain HTTP request as a route sees it: no Beast types.
struct http_request {
  std::string_view method;
  std::string_view target;  // path and query
  std::string address;      // the address its budgets count under (budget_address)
};

// How a route answers: once, from any thread, now or later (a job on a
// pool). The connection reads no further request until it has.
using http_reply = std::function<void(http_answer)>;
using http_handler = std::function<void(const http_request& request, http_reply reply)>;

// Plain HTTP requests by path (as Beast's handle_request(..., send) answers
// through a callback); what no route takes goes to the fallback.
class http_routes : public route_table<http_handler> {
 public:
  void set_fallback(http_handler handler) { fallback_ = std::move(handler); }
  // The route's handler, else the fallback (nullptr when there is none).
  const http_handler* route(std::string_view target) const {
    if (const http_handler* h = find(target)) return h;
    return fallback_ ? &fallback_ : nullptr;
  }

 private:
  http_handler fallback_;
};

}  // namespace ariadne
