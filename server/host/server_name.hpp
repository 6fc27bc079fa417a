#pragma once

#include <string>

#include "core/model/version.hpp"

namespace ariadne {

// How the server names itself: the HTTP Server header and welcome's `server`.
inline std::string server_name() {
  return "ariadne/" + std::string(version);
}

}  // namespace ariadne
