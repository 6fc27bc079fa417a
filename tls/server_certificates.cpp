#include "tls/server_certificates.hpp"

#include <openssl/err.h>
#include <openssl/ssl.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>

namespace ariadne {

namespace ssl = boost::asio::ssl;

namespace {

// ALPN: the one protocol served (no HTTP/2).
int select_http11(SSL*, const unsigned char** out, unsigned char* out_length,
                  const unsigned char* offered, unsigned int offered_length, void*) {
  static const unsigned char http11[] = {8, 'h', 't', 't', 'p', '/', '1', '.', '1'};
  unsigned char* chosen = nullptr;
  if (SSL_select_next_proto(&chosen, out_length, http11, sizeof http11, offered, offered_length) !=
      OPENSSL_NPN_NEGOTIATED) {
    return SSL_TLSEXT_ERR_ALERT_FATAL;
  }
  *out = chosen;
  return SSL_TLSEXT_ERR_OK;
}

std::string openssl_reason(const boost::system::error_code& ec) {
  // The first queued OpenSSL error says most ("no such file", "key values
  // mismatch"); Asio's message is the fallback.
  const unsigned long code = ERR_peek_error();
  std::string text = ec.message();
  if (code != 0) {
    char buffer[256];
    ERR_error_string_n(code, buffer, sizeof buffer);
    text = buffer;
  }
  ERR_clear_error();
  return text;
}

// A file that cannot be read says so in the system's words, not OpenSSL's.
bool readable(const std::string& file, const char* what, std::string& why) {
  std::ifstream in(file);
  if (in) return true;
  why = std::string("cannot read the ") + what + " " + file + ": " + std::strerror(errno);
  return false;
}

}  // namespace

std::shared_ptr<ssl::context> server_certificates::load(const std::string& cert_file,
                                                        const std::string& key_file,
                                                        std::string& why) {
  auto context = std::make_shared<ssl::context>(ssl::context::tls_server);
  SSL_CTX* native = context->native_handle();
  SSL_CTX_set_min_proto_version(native, TLS1_2_VERSION);
  SSL_CTX_set_options(
      native, SSL_OP_NO_RENEGOTIATION | SSL_OP_CIPHER_SERVER_PREFERENCE | SSL_OP_NO_COMPRESSION);
  // An idle connection gives its read and write buffers back (about 34 KB).
  SSL_CTX_set_mode(native, SSL_MODE_RELEASE_BUFFERS);
  SSL_CTX_set_alpn_select_cb(native, select_http11, nullptr);
  if (!readable(cert_file, "certificate", why) || !readable(key_file, "key", why)) return nullptr;
  boost::system::error_code ec;
  ERR_clear_error();
  context->use_certificate_chain_file(cert_file, ec);
  if (ec) {
    why = "cannot load the certificate " + cert_file + ": " + openssl_reason(ec);
    return nullptr;
  }
  context->use_private_key_file(key_file, ssl::context::pem, ec);
  if (ec) {
    why = "cannot load the key " + key_file + ": " + openssl_reason(ec);
    return nullptr;
  }
  if (SSL_CTX_check_private_key(native) != 1) {
    why = "the key " + key_file + " does not match the certificate " + cert_file + ": " +
          openssl_reason(ec);
    return nullptr;
  }
  return context;
}

server_certificates::server_certificates(std::string cert_file, std::string key_file)
    : cert_file_(std::move(cert_file)), key_file_(std::move(key_file)) {
  std::string why;
  current_ = load(cert_file_, key_file_, why);
  if (!current_) throw std::runtime_error(why);
}

std::shared_ptr<ssl::context> server_certificates::current() const {
  std::lock_guard lock(mutex_);
  return current_;
}

std::optional<std::string> server_certificates::reload() {
  std::string why;
  auto fresh = load(cert_file_, key_file_, why);
  if (!fresh) return why;
  std::lock_guard lock(mutex_);
  current_ = std::move(fresh);
  return std::nullopt;
}

}  // namespace ariadne
