#pragma once

#include <string>

namespace ariadne {

// How the server names itself: the HTTP Server header and welcome's `server`.
inline std::string server_name() {
  return std::string("ariadne/") + ARIADNE_VERSION;
}

}  // namespace ariadne
