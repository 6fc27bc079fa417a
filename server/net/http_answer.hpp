#pragma once

#include <string>

namespace ariadne {

// The answer to a plain HTTP request, without Beast types so that it can be
// tested directly.
struct http_answer {
  unsigned status = 200;
  std::string content_type = "text/plain; charset=utf-8";
  std::string body;
};

}  // namespace ariadne
