#include "server/net/http_session.hpp"

#include <spdlog/spdlog.h>

#include <chrono>

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

std::string describe_peer(const tcp::socket& socket) {
  error_code ec;
  const auto endpoint = socket.remote_endpoint(ec);
  if (ec) return "unknown";
  return endpoint.address().to_string() + ":" + std::to_string(endpoint.port());
}

}  // namespace

http_session::http_session(tcp::socket&& socket, std::shared_ptr<transport_context> context,
                           connection_slot slot)
    : stream_(std::move(socket)), context_(std::move(context)), slot_(std::move(slot)) {}

http_session::~http_session() {
  if (registry_key_ != 0) context_->connections().remove(registry_key_);
}

void http_session::run() {
  registry_key_ = context_->connections().add(weak_from_this());
  net::dispatch(stream_.get_executor(),
                beast::bind_front_handler(&http_session::do_read, shared_from_this()));
}

void http_session::shutdown() {
  net::post(stream_.get_executor(), [self = shared_from_this()] { self->do_close(); });
}

void http_session::do_read() {
  if (context_->stopping()) return do_close();
  parser_.emplace();
  parser_->body_limit(max_request_body);
  stream_.expires_after(slot_.refused() ? refused_timeout : request_timeout);
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
  if (slot_.refused()) {
    context_->stats().connections_refused.fetch_add(1, std::memory_order_relaxed);
    return send(http_answer{503, "text/plain; charset=utf-8",
                            "the server holds as many connections as it allows (in all, or from "
                            "your address); try again later\n"},
                false);
  }
  if (websocket::is_upgrade(request)) return upgrade(target);
  context_->stats().http_requests.fetch_add(1, std::memory_order_relaxed);
  const std::string_view method(request.method_string().data(), request.method_string().size());
  const http_handler* route = context_->http().route(target);
  if (route == nullptr)
    return send(http_answer{404, "text/plain; charset=utf-8", "not found\n"}, request.keep_alive());
  // The answer may come from another thread, later: it is written on the
  // connection's strand, and no request is read meanwhile.
  http_reply reply = [self = shared_from_this(), keep_alive = request.keep_alive(),
                      head = method == "HEAD"](http_answer answer) mutable {
    net::dispatch(self->stream_.get_executor(),
                  [self, answer = std::move(answer), keep_alive, head]() mutable {
                    self->send(std::move(answer), keep_alive, head);
                  });
  };
  (*route)(http_request{method, target, slot_.address()}, std::move(reply));
}

void http_session::upgrade(std::string_view target) {
  const auto key = parser_->get()[http::field::sec_websocket_key];
  if (!valid_websocket_key(std::string_view(key.data(), key.size()))) {
    return send(http_answer{400, "text/plain; charset=utf-8",
                            "Sec-WebSocket-Key must be 16 bytes in base64\n"},
                false);
  }
  const websocket_factory* route = context_->websockets().find(target);
  if (route == nullptr) {
    return send(http_answer{404, "text/plain; charset=utf-8",
                            "no WebSocket endpoint here; drone clients connect to /ws\n"},
                false);
  }
  if (context_->stopping()) {
    return send(http_answer{503, "text/plain; charset=utf-8", "the server is shutting down\n"},
                false);
  }
  connection_info who{context_->new_session_id(), describe_peer(stream_.socket()), slot_.address(),
                      std::string(target)};
  auto made = (*route)(who);
  if (auto* refusal = std::get_if<http_answer>(&made)) return send(std::move(*refusal), false);
  // The websocket session takes the socket, what was read past the request,
  // and the connection's slot.
  stream_.expires_never();
  std::make_shared<websocket_session>(stream_.release_socket(), std::move(buffer_), context_,
                                      std::move(slot_), std::move(who),
                                      std::move(std::get<0>(made)))
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
  stream_.expires_after(std::chrono::seconds(30));
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
  error_code ignored;
  stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
  stream_.socket().close(ignored);
}

}  // namespace ariadne
