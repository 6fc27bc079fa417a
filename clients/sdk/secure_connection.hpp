#pragma once

#include <boost/asio/post.hpp>
#include <memory>
#include <optional>
#include <string>

#include "clients/sdk/server_url.hpp"
#include "tls/client_tls.hpp"
#include "tls/maybe_tls_stream.hpp"

namespace CLI {
class App;
}

namespace ariadne {

// --ca FILE (or ARIADNE_CA) and --insecure, on a client program's command line.
void add_tls_options(CLI::App& app, client_tls_options& options);

// The TLS context a program's connections to `where` share: null for ws://
// and http://; for wss:// and https://, one that checks the server against
// the options. Throws drone_error when the CA file does not load.
std::shared_ptr<boost::asio::ssl::context> client_context_for(const server_url& where,
                                                              const client_tls_options& options);

// A warning when a token would go to another machine in clear (ws://).
std::optional<std::string> clear_token_warning(const server_url& where, const std::string& token);

// After the TCP connect: the TLS handshake, checking the certificate and
// that it names host; on a plain stream, completes at once (never inside
// this call). handler(error_code).
template <typename Handler>
void async_client_handshake(maybe_tls_stream& stream, const std::string& host, Handler&& handler) {
  if (!stream.secure()) {
    boost::asio::post(stream.get_executor(), [handler = std::forward<Handler>(handler)]() mutable {
      handler(boost::beast::error_code{});
    });
    return;
  }
  if (const auto ec = expect_server(stream.tls(), host)) {
    boost::asio::post(stream.get_executor(),
                      [handler = std::forward<Handler>(handler), ec]() mutable { handler(ec); });
    return;
  }
  stream.tls().async_handshake(boost::asio::ssl::stream_base::client,
                               std::forward<Handler>(handler));
}

}  // namespace ariadne
