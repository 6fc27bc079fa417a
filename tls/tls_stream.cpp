#include "tls/tls_stream.hpp"

#include <openssl/bio.h>

#include <algorithm>
#include <boost/asio/write.hpp>
#include <cstring>
#include <new>
#include <stdexcept>

namespace ariadne {

namespace {

using core = tls_stream::core;

// The most read from the socket at once behind a read's first bytes.
constexpr std::size_t most_at_once = 64 * 1024;

// An empty buffer gives its memory back: an idle connection holds none (a
// small string's own bytes aside), and a busy one reallocates a few hundred
// bytes a record, which is nothing beside the record's cipher.
void release_if_empty(std::string& buffer) {
  if (buffer.empty() && buffer.capacity() > std::string().capacity()) std::string().swap(buffer);
}

// The BIO between OpenSSL and the core: reads come from core::in, writes go
// to core::out; nothing in between is held.
int bio_write(BIO* bio, const char* data, int length) {
  auto* c = static_cast<core*>(BIO_get_data(bio));
  BIO_clear_retry_flags(bio);
  c->out.append(data, static_cast<std::size_t>(length));
  return length;
}

int bio_read(BIO* bio, char* data, int length) {
  auto* c = static_cast<core*>(BIO_get_data(bio));
  BIO_clear_retry_flags(bio);
  if (c->over_budget()) return -1;  // no retry: OpenSSL's read fails at once
  const std::size_t left = c->in.size() - c->in_used;
  if (left == 0) {
    BIO_set_retry_read(bio);
    return -1;
  }
  const std::size_t n = std::min(left, static_cast<std::size_t>(length));
  std::memcpy(data, c->in.data() + c->in_used, n);
  c->in_used += n;
  if (c->in_used == c->in.size()) {
    c->in.clear();
    c->in_used = 0;
    release_if_empty(c->in);
  }
  return static_cast<int>(n);
}

// Counts the handshake messages a peer sends after the handshake: key
// updates, and a hello beyond the first (renegotiation).
void on_message(int write, int, int content_type, const void* message, std::size_t length, SSL* ssl,
                void*) {
  if (write != 0 || content_type != SSL3_RT_HANDSHAKE || length == 0) return;
  const auto type = *static_cast<const unsigned char*>(message);
  auto* c = static_cast<core*>(BIO_get_data(SSL_get_rbio(ssl)));
  if (c == nullptr) return;
  if (type == SSL3_MT_KEY_UPDATE ||
      ((type == SSL3_MT_CLIENT_HELLO || type == SSL3_MT_HELLO_REQUEST) && c->hellos++ > 0)) {
    ++c->post_handshake;
  }
}

long bio_ctrl(BIO*, int command, long, void*) {
  // OpenSSL flushes after each flight; what it wrote is sent by flush().
  return command == BIO_CTRL_FLUSH ? 1 : 0;
}

int bio_create(BIO* bio) {
  BIO_set_init(bio, 1);
  return 1;
}

BIO_METHOD* bio_method() {
  static BIO_METHOD* const method = [] {
    BIO_METHOD* m = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK, "ariadne-tls");
    if (m == nullptr || BIO_meth_set_write(m, bio_write) != 1 ||
        BIO_meth_set_read(m, bio_read) != 1 || BIO_meth_set_ctrl(m, bio_ctrl) != 1 ||
        BIO_meth_set_create(m, bio_create) != 1) {
      throw std::runtime_error("OpenSSL cannot make a BIO method");
    }
    return m;
  }();
  return method;
}

}  // namespace

core::core(next_layer_type&& stream, SSL_CTX* context)
    : next(std::move(stream)), sent(next.get_executor()) {
  sent.expires_at(boost::asio::steady_timer::time_point::max());
  ssl = SSL_new(context);
  BIO* bio = BIO_new(bio_method());
  if (ssl == nullptr || bio == nullptr) {
    BIO_free(bio);
    SSL_free(ssl);
    throw std::bad_alloc();
  }
  BIO_set_data(bio, this);
  SSL_set_bio(ssl, bio, bio);  // one BIO both ways: SSL takes its one reference
  // OpenSSL's record buffers go back while the connection is idle.
  SSL_set_mode(ssl, SSL_MODE_RELEASE_BUFFERS);
  SSL_set_msg_callback(ssl, on_message);
}

core::~core() {
  SSL_free(ssl);
}

void core::sent_all(error_code ec) {
  writing = false;
  write_error = ec;
  sending.clear();
  release_if_empty(sending);
  release_if_empty(out);
  sent.cancel();
}

void core::flush() {
  if (writing || out.empty()) return;
  writing = true;
  sending.swap(out);
  // The core outlives its stream until the bytes are written (or fail).
  boost::asio::async_write(next, boost::asio::buffer(sending),
                           [self = shared_from_this()](error_code ec, std::size_t) {
                             self->sent_all(ec);
                             if (!ec) self->flush();
                           });
}

void core::take(std::size_t n) {
  in.append(peek.data(), n);
  // A read that filled the peek: the rest of what arrived, at once (the
  // socket has it, nothing waits). One that did not took all there was.
  if (n < peek.size()) return;
  error_code ec;
  const std::size_t more = std::min(next.socket().available(ec), most_at_once);
  if (ec || more == 0) return;
  const std::size_t before = in.size();
  in.resize(before + more);
  const std::size_t got =
      next.socket().read_some(boost::asio::buffer(in.data() + before, more), ec);
  in.resize(before + (ec ? 0 : got));
}

tls_stream::error_code core::ssl_error(int ret, bool& retry) {
  retry = false;
  switch (SSL_get_error(ssl, ret)) {
    case SSL_ERROR_WANT_READ:
      retry = true;
      return {};
    case SSL_ERROR_ZERO_RETURN:
      return boost::asio::error::eof;  // the peer's close_notify
    case SSL_ERROR_SYSCALL:
      if (ERR_peek_error() == 0) return boost::asio::ssl::error::stream_truncated;
      break;
    default:
      break;
  }
  const unsigned long code = ERR_get_error();
  ERR_clear_error();
  if (code == 0) return boost::asio::ssl::error::stream_truncated;
  return error_code(static_cast<int>(code), boost::asio::error::get_ssl_category());
}

tls_stream::tls_stream(next_layer_type&& next, boost::asio::ssl::context& context)
    : core_(std::make_shared<core>(std::move(next), context.native_handle())) {}

tls_stream::~tls_stream() = default;

void teardown(boost::beast::role_type role, tls_stream& stream, boost::beast::error_code& ec) {
  ERR_clear_error();
  SSL_shutdown(stream.native_handle());
  tls_stream::core& c = stream.core_of();
  boost::asio::write(c.next.socket(), boost::asio::buffer(c.out), ec);
  c.out.clear();
  using boost::beast::websocket::teardown;
  teardown(role, c.next.socket(), ec);
}

}  // namespace ariadne
