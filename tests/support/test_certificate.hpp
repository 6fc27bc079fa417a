#pragma once

// A throwaway self-signed certificate (P-256, CN=fuzz, valid to 2126) and the
// server's TLS context made from it by server_certificates::load, for tests
// that need a TLS server without files of their own.
#include <unistd.h>

#include <boost/asio/ssl/context.hpp>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <string_view>

#include "tls/server_certificates.hpp"

namespace ariadne::test {

inline constexpr std::string_view certificate = R"(
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

inline constexpr std::string_view key = R"(
-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgv77JqeJ5NlH2WTe+
jar7e2HfXAvU41Rby4cVo2WNSUGhRANCAATPV4kSulV0F945vvAaY0iGFts0oMx9
6FV3KK88PRzfs726ug1AgL7XT8/ogGB5zeeYBxDHZ57RyYM3ye9kE+kr
-----END PRIVATE KEY-----
)";

inline std::shared_ptr<boost::asio::ssl::context> test_server_context() {
  static const std::shared_ptr<boost::asio::ssl::context> context = [] {
    char folder[] = "/tmp/ariadne-test-tls-XXXXXX";
    if (mkdtemp(folder) == nullptr) std::abort();
    const std::string cert_file = std::string(folder) + "/cert.pem";
    const std::string key_file = std::string(folder) + "/key.pem";
    std::ofstream(cert_file) << certificate.substr(1);
    std::ofstream(key_file) << key.substr(1);
    std::string why;
    auto made = server_certificates::load(cert_file, key_file, why);
    std::remove(cert_file.c_str());
    std::remove(key_file.c_str());
    rmdir(folder);
    if (!made) {
      std::fprintf(stderr, "the test certificate does not load: %s\n", why.c_str());
      std::abort();
    }
    return made;
  }();
  return context;
}

}  // namespace ariadne::test
