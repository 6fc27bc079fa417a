#include "tls/client_tls.hpp"

#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include <boost/asio/ip/address.hpp>
#include <boost/asio/ssl/error.hpp>
#include <iostream>
#include <stdexcept>

namespace ariadne {

namespace ssl = boost::asio::ssl;

std::shared_ptr<ssl::context> make_client_context(const client_tls_options& options) {
  auto context = std::make_shared<ssl::context>(ssl::context::tls_client);
  SSL_CTX* native = context->native_handle();
  SSL_CTX_set_min_proto_version(native, TLS1_2_VERSION);
  static const unsigned char http11[] = {8, 'h', 't', 't', 'p', '/', '1', '.', '1'};
  SSL_CTX_set_alpn_protos(native, http11, sizeof http11);
  if (options.insecure) {
    std::cerr << "warning: --insecure: the server's certificate is not checked; anyone on the "
                 "way can read and change this connection\n";
    context->set_verify_mode(ssl::verify_none);
    return context;
  }
  boost::system::error_code ec;
  if (options.ca_file.empty()) {
    context->set_default_verify_paths(ec);
  } else {
    context->load_verify_file(options.ca_file, ec);
  }
  if (ec) {
    throw std::runtime_error("cannot load the certificate authorities" +
                             (options.ca_file.empty() ? std::string() : " " + options.ca_file) +
                             ": " + ec.message());
  }
  context->set_verify_mode(ssl::verify_peer);
  return context;
}

boost::beast::error_code expect_server(maybe_tls_stream::tls_type& stream,
                                       const std::string& host) {
  SSL* native = stream.native_handle();
  // [::1] in a URL is ::1 to the certificate.
  std::string name = host;
  if (name.size() > 2 && name.front() == '[' && name.back() == ']')
    name = name.substr(1, name.size() - 2);
  boost::system::error_code ec;
  const auto address = boost::asio::ip::make_address(name, ec);
  bool ok = false;
  if (!ec) {
    // An IP address is checked as one; SNI carries names only.
    ok = X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(native), address.to_string().c_str()) == 1;
  } else {
    // SSL_set_tlsext_host_name, without its macro's C cast.
    ok = SSL_ctrl(native, SSL_CTRL_SET_TLSEXT_HOSTNAME, TLSEXT_NAMETYPE_host_name,
                  const_cast<char*>(name.c_str())) == 1 &&
         SSL_set1_host(native, name.c_str()) == 1;
  }
  if (!ok) return boost::beast::error_code(boost::asio::error::invalid_argument);
  return {};
}

std::string describe_tls_failure(maybe_tls_stream& stream, const boost::beast::error_code& ec) {
  if (stream.secure()) {
    const long verified = SSL_get_verify_result(stream.tls().native_handle());
    if (verified != X509_V_OK) {
      return std::string("the server's certificate was refused: ") +
             X509_verify_cert_error_string(verified);
    }
  }
  if (ec.category() == boost::asio::error::get_ssl_category()) {
    return "TLS failed: " + ec.message();
  }
  if (ec == boost::asio::ssl::error::stream_truncated) return "the server ended TLS abruptly";
  return ec.message();
}

}  // namespace ariadne
