#include "server/net/http_session.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/ssl/error.hpp>
#include <boost/beast/core/detect_ssl.hpp>
#include <chrono>

#include "server/net/budget_address.hpp"
#include "server/net/forwarded_for.hpp"
#include "server/net/websocket_session.hpp"

namespace ariadne {

namespace {

// A request, headers and body, must arrive within this: a half-sent one holds
// a descriptor no longer. A refused connection gets less still.
constexpr auto request_timeout = std::chrono::seconds(5);
constexpr auto refused_timeout = std::chrono::seconds(2);
constexpr std::uint64_t max_request_body = 8192;

// RFC 6455: the key is 16 random bytes in base64, so 22 characters whose last
// carries two bits only, then "==".
bool valid_websocket_key(std::string_view key) {
  constexpr std::string_view alphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  if (key.size() != 24 || key.substr(22) != "==") return false;
  for (std::size_t i = 0; i < 22; ++i) {
    const auto digit = alphabet.find(key[i]);
    if (digit == std::string_view::npos) return false;
    if (i == 21 && (digit & 15U) != 0) return false;
  }
  return true;
}

// A connection the admission did not admit: 503 when the server is full;
// 429 when the address holds its share, never 503, which a proxy takes for
// its server failing and leaves it out for everyone (nginx's
// proxy_next_upstream http_503).
http_answer refusal_answer(const connection_slot& slot) {
  if (!slot.over_share()) {
    return http_answer::text(
        503, "the server holds as many connections as it allows; try again later\n");
  }
  http_answer answer = http_answer::text(
      429,
      "your address holds as many connections as the server allows one address; close one "
      "or try again later\n");
  answer.headers.emplace_back("Retry-After", "5");
  return answer;
}

std::string describe_peer(const tcp::socket& socket) {
  error_code ec;
  const auto endpoint = socket.remote_endpoint(ec);
  if (ec) return "unknown";
  return endpoint.address().to_string() + ":" + std::to_string(endpoint.port());
}

}  // namespace

http_session::http_session(tcp::socket&& socket, std::shared_ptr<transport_context> context,
                           connection_slot slot, bool from_proxy)
    : stream_(beast::tcp_stream(std::move(socket)), nullptr),
      context_(std::move(context)),
      slot_(std::move(slot)),
      from_proxy_(from_proxy) {}

http_session::~http_session() {
  if (registry_key_ != 0) context_->connections().remove(registry_key_);
}

void http_session::run() {
  registry_key_ = context_->connections().add(weak_from_this());
  net::dispatch(stream_.get_executor(), [self = shared_from_this()] {
    if (self->context_->certificates() == nullptr) return self->do_read();
    // TLS or plain: the first bytes tell (a ClientHello's record header).
    self->stream_.next_layer().expires_after(self->slot_.refused() ? refused_timeout
                                                                   : request_timeout);
    beast::async_detect_ssl(self->stream_.next_layer(), self->buffer_,
                            beast::bind_front_handler(&http_session::on_detect, self));
  });
}

void http_session::on_detect(error_code ec, bool tls) {
  if (ec) return close_socket();
  if (!tls) {
    plain_refused_ = context_->config().tls_only;
    return do_read();
  }
  stream_.start_tls(context_->certificates()->current());
  // The handshake within what is left of the request's deadline: a client
  // that stalls in it holds its descriptor no longer than a half-sent request.
  stream_.tls().async_handshake(
      net::ssl::stream_base::server, buffer_.data(),
      beast::bind_front_handler(&http_session::on_handshake, shared_from_this()));
}

void http_session::on_handshake(error_code ec, std::size_t used) {
  if (ec) {
    context_->stats().tls_handshakes_failed.fetch_add(1, std::memory_order_relaxed);
    spdlog::debug("TLS handshake from {} failed: {}", describe_peer(stream_.next_layer().socket()),
                  ec.message());
    return close_socket();
  }
  context_->stats().tls_handshakes.fetch_add(1, std::memory_order_relaxed);
  buffer_.consume(used);
  do_read();
}

void http_session::shutdown() {
  net::post(stream_.get_executor(), [self = shared_from_this()] { self->do_close(); });
}

void http_session::do_read() {
  if (context_->stopping()) return do_close();
  parser_.emplace();
  parser_->body_limit(max_request_body);
  stream_.next_layer().expires_after(slot_.refused() ? refused_timeout : request_timeout);
  http::async_read(stream_, buffer_, *parser_,
                   beast::bind_front_handler(&http_session::on_read, shared_from_this()));
}

void http_session::on_read(error_code ec, std::size_t) {
  if (ec == http::error::end_of_stream) return do_close();
  if (ec) {
    if (ec != beast::error::timeout && ec != net::error::operation_aborted) {
      spdlog::debug("http read failed: {}", ec.message());
    }
    return do_close();
  }
  const auto& request = parser_->get();
  const std::string_view target(request.target().data(), request.target().size());
  if (plain_refused_) {
    return send(
        http_answer::text(400,
                          "this server speaks only TLS: use https:// (pages, /api) or wss:// "
                          "(drones)\n"),
        false);
  }
  if (slot_.refused()) {
    context_->stats().connections_refused.fetch_add(1, std::memory_order_relaxed);
    return send(refusal_answer(slot_), false);
  }
  if (websocket::is_upgrade(request)) return upgrade(target);
  context_->stats().http_requests.fetch_add(1, std::memory_order_relaxed);
  const std::string_view method(request.method_string().data(), request.method_string().size());
  const http_handler* route = context_->http().route(target);
  if (route == nullptr) return send(http_answer::text(404, "not found\n"), request.keep_alive());
  // The answer may come from another thread, later: it is written on the
  // connection's strand, and no request is read meanwhile.
  http_reply reply = [self = shared_from_this(), keep_alive = request.keep_alive(),
                      head = method == "HEAD"](http_answer answer) mutable {
    net::dispatch(self->stream_.get_executor(),
                  [self, answer = std::move(answer), keep_alive, head]() mutable {
                    self->send(std::move(answer), keep_alive, head);
                  });
  };
  (*route)(http_request{method, target, client_address()}, std::move(reply));
}

void http_session::upgrade(std::string_view target) {
  const auto key = parser_->get()[http::field::sec_websocket_key];
  if (!valid_websocket_key(std::string_view(key.data(), key.size()))) {
    return send(http_answer::text(400, "Sec-WebSocket-Key must be 16 bytes in base64\n"), false);
  }
  const websocket_factory* route = context_->websockets().find(target);
  if (route == nullptr) {
    return send(
        http_answer::text(404, "no WebSocket endpoint here; drone clients connect to /ws\n"),
        false);
  }
  if (context_->stopping()) {
    return send(http_answer::text(503, "the server is shutting down\n"), false);
  }
  connection_info who{context_->new_session_id(), client_text(), client_address(),
                      std::string(target)};
  // Through a proxy, the client's own connection budget counts from here.
  connection_slot own = from_proxy_ ? context_->admission().admit(who.address) : connection_slot{};
  if (from_proxy_ && !own.admitted()) {
    context_->stats().connections_refused.fetch_add(1, std::memory_order_relaxed);
    return send(refusal_answer(own), false);
  }
  auto made = (*route)(who);
  if (auto* refusal = std::get_if<http_answer>(&made)) return send(std::move(*refusal), false);
  // The websocket session takes the stream, what was read past the request,
  // and the connection's slot.
  stream_.next_layer().expires_never();
  std::make_shared<websocket_session>(std::move(stream_), std::move(buffer_), context_,
                                      from_proxy_ ? std::move(own) : std::move(slot_),
                                      std::move(who), std::move(std::get<0>(made)))
      ->run(parser_->release());
}

void http_session::send(http_answer answer, bool keep_alive, bool head) {
  const unsigned version = parser_->get().version();
  response_.emplace(static_cast<http::status>(answer.status), version);
  response_->set(http::field::server, context_->server_name());
  response_->set(http::field::content_type, answer.content_type);
  for (const auto& [name, value] : answer.headers)
    response_->set(name, value);
  response_->keep_alive(keep_alive);
  if (head) {
    // The length a GET would have, and no body (RFC 9110, 9.3.2).
    response_->content_length(answer.body.size());
  } else {
    response_->body() = std::move(answer.body);
    response_->prepare_payload();
  }
  hold_ = std::move(answer.hold);
  // Time to write the answer, however the request was timed: a replay is big.
  stream_.next_layer().expires_after(std::chrono::seconds(30));
  http::async_write(
      stream_, *response_,
      beast::bind_front_handler(&http_session::on_write, shared_from_this(), keep_alive));
}

void http_session::on_write(bool keep_alive, error_code ec, std::size_t) {
  hold_.reset();
  if (ec) return do_close();
  response_.reset();
  if (!keep_alive) return do_close();
  do_read();
}

void http_session::do_close() {
  if (!stream_.secure() || closing_) return close_socket();
  closing_ = true;
  // close_notify, so that a client reading to the end sees a clean end; a
  // client that does not answer it is cut after a second.
  stream_.next_layer().expires_after(std::chrono::seconds(1));
  stream_.tls().async_shutdown([self = shared_from_this()](error_code) { self->close_socket(); });
}

void http_session::close_socket() {
  error_code ignored;
  stream_.next_layer().socket().shutdown(tcp::socket::shutdown_send, ignored);
  stream_.next_layer().socket().close(ignored);
}

std::string_view http_session::forwarded_for() const {
  const auto field = parser_->get()["X-Forwarded-For"];
  return {field.data(), field.size()};
}

std::string http_session::client_address() const {
  if (from_proxy_ && parser_) {
    if (const auto client = forwarded_client(forwarded_for())) return budget_address(*client);
  }
  return slot_.address();
}

std::string http_session::client_text() const {
  const std::string peer = describe_peer(stream_.next_layer().socket());
  if (from_proxy_ && parser_) {
    if (const auto client = forwarded_client(forwarded_for()))
      return client->to_string() + " (through " + peer + ")";
  }
  return peer;
}

}  // namespace ariadne
