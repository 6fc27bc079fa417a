#pragma once

#include <string>

#include "core/model/errc.hpp"

namespace ariadne::protocol {

// A message that could not be understood: the error reply to send, and the
// id to echo when one could be read.
struct parse_error {
  errc code = errc::bad_request;
  std::string message;
  std::string id;  // raw JSON text of the id; empty when none
};

}  // namespace ariadne::protocol
