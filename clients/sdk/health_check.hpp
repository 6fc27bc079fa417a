#pragma once

#include <chrono>
#include <optional>
#include <string>

namespace ariadne {

// Asks the server at url (ws://HOST:PORT/... or http://HOST:PORT/...) for
// GET /healthz. nullopt when it answered 200 within timeout, else why not.
// For container health checks and scripts that wait for a server.
std::optional<std::string> check_health(
    const std::string& url, std::chrono::milliseconds timeout = std::chrono::seconds(3));

}  // namespace ariadne
