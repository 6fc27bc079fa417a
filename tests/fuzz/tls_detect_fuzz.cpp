// libFuzzer target: the first bytes of a connection, as a server with a
// certificate reads them. Beast's detection (a TLS ClientHello or not) on
// the bytes, then, as http_session does, the TLS handshake with the
// server's own context (server_certificates::load: TLS 1.2 and 1.3, ALPN
// http/1.1, no renegotiation) fed what detection read, or the HTTP request
// parser; and the X-Forwarded-For reader on the same bytes. Nothing may
// crash or hang, the verdict must be TLS exactly when the first byte is a
// handshake record's (0x16), and a handshake may not succeed on bytes no
// client answered.
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/beast/_experimental/test/stream.hpp>
#include <boost/beast/core/detect_ssl.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <string_view>

#include "server/net/forwarded_for.hpp"
#include "tls/server_certificates.hpp"

namespace {

namespace beast = boost::beast;
namespace net = boost::asio;

// A throwaway self-signed certificate (P-256, CN=fuzz) for the handshake.
constexpr std::string_view certificate = R"(
-----BEGIN CERTIFICATE-----
MIIBdjCCARugAwIBAgIUZjBinbWvwXEKestGGee10rT7UvgwCgYIKoZIzj0EAwIw
DzENMAsGA1UEAwwEZnV6ejAgFw0yNjEyMDIwNjAyMDJaGA8yMTI2MTEwODA2MDIw
MlowDzENMAsGA1UEAwwEZnV6ejBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABM9X
iRK6VXQX3jm+8BpjSIYW2zSgzH3oVXcorzw9HN+zvbq6DUCAvtdPz+iAYHnN55gH
EMdnntHJgzfJ72QT6SujUzBRMB0GA1UdDgQWBBSJ7Bzl0PsyxeTikVKEisEEY8KN
0DAfBgNVHSMEGDAWgBSJ7Bzl0PsyxeTikVKEisEEY8KN0DAPBgNVHRMBAf8EBTAD
AQH/MAoGCCqGSM49BAMCA0kAMEYCIQDW4Q1BOFCfoxmH3JmTZT2pnLirxeHUEq0i
vtEBF+sQdQIhAJwYBgZoWIgAvh5SaThZYY+vw62BirDNkXoZbakGQ7uM
-----END CERTIFICATE-----
)";

constexpr std::string_view key = R"(
-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgv77JqeJ5NlH2WTe+
jar7e2HfXAvU41Rby4cVo2WNSUGhRANCAATPV4kSulV0F945vvAaY0iGFts0oMx9
6FV3KK88PRzfs726ug1AgL7XT8/ogGB5zeeYBxDHZ57RyYM3ye9kE+kr
-----END PRIVATE KEY-----
)";

std::shared_ptr<net::ssl::context> server_context() {
  static const std::shared_ptr<net::ssl::context> context = [] {
    char folder[] = "/tmp/ariadne-fuzz-tls-XXXXXX";
    if (mkdtemp(folder) == nullptr) std::abort();
    const std::string cert_file = std::string(folder) + "/cert.pem";
    const std::string key_file = std::string(folder) + "/key.pem";
    std::ofstream(cert_file) << certificate.substr(1);
    std::ofstream(key_file) << key.substr(1);
    std::string why;
    auto made = ariadne::server_certificates::load(cert_file, key_file, why);
    std::remove(cert_file.c_str());
    std::remove(key_file.c_str());
    rmdir(folder);
    if (!made) {
      std::fprintf(stderr, "the fuzz certificate does not load: %s\n", why.c_str());
      std::abort();
    }
    return made;
  }();
  return context;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  net::io_context ioc;
  beast::test::stream client(ioc);
  beast::test::stream server(ioc);
  client.connect(server);
  server.append(bytes);
  client.close();  // the server reads the bytes, then the end of the stream

  beast::flat_buffer buffer;
  bool detected = false;
  bool tls = false;
  beast::async_detect_ssl(server, buffer, [&](beast::error_code ec, bool is_tls) {
    detected = !ec;
    tls = is_tls;
  });
  ioc.run();
  // Detection needs a byte: on one, the verdict is TLS exactly when it is 0x16
  // (the rest of a record header may still say no).
  if (detected && tls && (size == 0 || data[0] != 0x16)) std::abort();

  ioc.restart();
  if (detected && tls) {
    net::ssl::stream<beast::test::stream&> secure(server, *server_context());
    bool shook = false;
    secure.async_handshake(net::ssl::stream_base::server, buffer.data(),
                           [&](beast::error_code ec, std::size_t) { shook = !ec; });
    ioc.run();
    // No client ever answered the server's flight: a full handshake cannot end.
    if (shook) std::abort();
  } else if (detected) {
    beast::http::request_parser<beast::http::string_body> parser;
    parser.body_limit(8192);
    beast::http::async_read(server, buffer, parser, [](beast::error_code, std::size_t) {});
    ioc.run();
  }
  (void)ariadne::forwarded_client(bytes.substr(0, 256));
  return 0;
}
