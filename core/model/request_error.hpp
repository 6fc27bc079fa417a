#pragma once

#include <string>

#include "core/model/errc.hpp"

namespace ariadne {

// A refused request: the code and the sentence the player is told.
struct request_error {
  errc code = errc::bad_request;
  std::string message;

  friend bool operator==(const request_error&, const request_error&) = default;
};

}  // namespace ariadne
