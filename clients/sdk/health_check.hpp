#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>

namespace boost::asio::ssl {
class context;
}

namespace ariadne {

// Asks the server at url (ws://HOST:PORT/... or http://HOST:PORT/..., or
// wss:// and https:// checked with tls, by default against the system's
// trust store) for GET /healthz. nullopt when it answered 200 within
// timeout, else why not. For container health checks and scripts that wait
// for a server.
std::optional<std::string> check_health(const std::string& url,
                                        std::chrono::milliseconds timeout = std::chrono::seconds(3),
                                        std::shared_ptr<boost::asio::ssl::context> tls = nullptr);

}  // namespace ariadne
