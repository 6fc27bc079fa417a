#include "server/net/websocket_session.hpp"

#include <spdlog/spdlog.h>

namespace ariadne {

namespace {

std::string describe_peer(const tcp::socket& socket) {
  error_code ec;
  const auto endpoint = socket.remote_endpoint(ec);
  if (ec) return "unknown";
  return endpoint.address().to_string() + ":" + std::to_string(endpoint.port());
}

}  // namespace

websocket_session::websocket_session(tcp::socket&& socket, std::shared_ptr<server_context> context)
    : ws_(std::move(socket)),
      context_(std::move(context)),
      peer_(describe_peer(beast::get_lowest_layer(ws_).socket())),
      session_(*context_, context_->new_session_id(), peer_, std::chrono::steady_clock::now()) {
  metrics& stats = context_->stats();
  stats.connections_open.fetch_add(1, std::memory_order_relaxed);
  stats.connections_total.fetch_add(1, std::memory_order_relaxed);
}

websocket_session::~websocket_session() {
  if (registry_key_ != 0) context_->remove_connection(registry_key_);
  context_->stats().connections_open.fetch_sub(1, std::memory_order_relaxed);
  context_->release_connection();
  spdlog::info("session {} ('{}') closed", session_.id(), session_.name());
}

void websocket_session::run(http::request<http::string_body> request) {
  registry_key_ = context_->add_connection(weak_from_this());
  ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
  ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& response) {
    response.set(http::field::server, std::string("ariadne/") + ARIADNE_VERSION);
  }));
  ws_.read_message_max(context_->config().max_message_bytes);
  ws_.async_accept(request,
                   beast::bind_front_handler(&websocket_session::on_accept, shared_from_this()));
}

void websocket_session::shutdown() {
  net::post(ws_.get_executor(), [self = shared_from_this()] {
    self->close_after_writes(websocket::close_code::going_away, "server shutting down");
  });
}

void websocket_session::fail(error_code ec, const char* what) {
  // Ordinary ends of a connection are not worth a warning.
  if (ec == net::error::operation_aborted || ec == websocket::error::closed ||
      ec == beast::error::timeout || ec == net::error::eof || ec == net::error::connection_reset ||
      ec == net::error::broken_pipe) {
    spdlog::debug("session {} {}: {}", session_.id(), what, ec.message());
    return;
  }
  spdlog::warn("session {} {}: {}", session_.id(), what, ec.message());
}

void websocket_session::on_accept(error_code ec) {
  if (ec) return fail(ec, "handshake");
  spdlog::info("session {} connected from {}", session_.id(), peer_);
  if (context_->stopping()) {
    return close_after_writes(websocket::close_code::going_away, "server shutting down");
  }
  do_read();
}

void websocket_session::do_read() {
  ws_.async_read(buffer_,
                 beast::bind_front_handler(&websocket_session::on_read, shared_from_this()));
}

void websocket_session::on_read(error_code ec, std::size_t) {
  if (ec) {
    // Beast has already sent close code 1009 when the message was too big.
    if (ec == websocket::error::message_too_big) {
      spdlog::info("session {} sent a message over {} bytes: closed (1009)", session_.id(),
                   context_->config().max_message_bytes);
    }
    return fail(ec, "read");
  }
  if (closing_) return;
  if (!ws_.got_text()) {
    buffer_.consume(buffer_.size());
    return close_after_writes(websocket::close_code::policy_error,
                              "binary frames are not accepted; send JSON text");
  }
  const auto data = buffer_.cdata();
  const std::string_view frame(static_cast<const char*>(data.data()), data.size());
  session_.handle(frame, queue_.push(), std::chrono::steady_clock::now());
  buffer_.consume(buffer_.size());
  if (!writing_) do_write();
  if (session_.abusive()) {
    spdlog::info("session {} kept flooding after rate_limited replies: closed (1008)",
                 session_.id());
    return close_after_writes(websocket::close_code::policy_error,
                              "rate limit exceeded repeatedly");
  }
  if (queue_.size() >= context_->config().write_queue_limit) {
    // The client is not reading its replies: stop reading until it does.
    read_paused_ = true;
    return;
  }
  do_read();
}

void websocket_session::do_write() {
  writing_ = true;
  ws_.text(true);
  ws_.async_write(net::buffer(queue_.front()),
                  beast::bind_front_handler(&websocket_session::on_write, shared_from_this()));
}

void websocket_session::on_write(error_code ec, std::size_t) {
  if (ec) {
    writing_ = false;
    return fail(ec, "write");
  }
  queue_.pop();
  if (!queue_.empty()) return do_write();
  writing_ = false;
  if (close_reason_) return do_close();
  if (read_paused_ && !closing_) {
    read_paused_ = false;
    do_read();
  }
}

void websocket_session::close_after_writes(websocket::close_code code, std::string reason) {
  if (closing_) return;
  closing_ = true;
  close_reason_.emplace(code, reason);
  if (!writing_) do_close();
}

void websocket_session::do_close() {
  if (!ws_.is_open()) return;
  ws_.async_close(*close_reason_,
                  beast::bind_front_handler(&websocket_session::on_close, shared_from_this()));
}

void websocket_session::on_close(error_code ec) {
  if (ec) fail(ec, "close");
}

}  // namespace ariadne
