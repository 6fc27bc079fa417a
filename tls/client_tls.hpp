#pragma once

#include <boost/asio/ssl/context.hpp>
#include <boost/beast/core/error.hpp>
#include <memory>
#include <string>

#include "tls/maybe_tls_stream.hpp"

namespace ariadne {

// How a client checks the servers it connects to over wss:// or https://.
struct client_tls_options {
  std::string ca_file;    // trust only this PEM bundle; empty: the system's trust store
  bool insecure = false;  // check nothing (self-signed testing): a warning each time
};

// The context a client's TLS connections are made with: the server's chain
// must verify (against ca_file, or the system's store) and name the host.
// Throws std::runtime_error when ca_file does not load. With insecure,
// writes a warning to stderr and verifies nothing.
std::shared_ptr<boost::asio::ssl::context> make_client_context(const client_tls_options& options);

// Before a client's handshake: the server name it sends (SNI, for a name)
// and the name or IP address the certificate must carry.
boost::beast::error_code expect_server(maybe_tls_stream::tls_type& stream, const std::string& host);

// Why a connection failed, in OpenSSL's words where they say more than the
// error code ("certificate verify failed: certificate has expired").
std::string describe_tls_failure(maybe_tls_stream& stream, const boost::beast::error_code& ec);

}  // namespace ariadne
