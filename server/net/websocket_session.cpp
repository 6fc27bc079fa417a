#include "server/net/websocket_session.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/ssl/error.hpp>
#include <cassert>

#include "server/net/log_text.hpp"

namespace ariadne {

websocket_session::websocket_session(maybe_tls_stream&& stream, beast::flat_buffer already_read,
                                     std::shared_ptr<transport_context> context,
                                     connection_slot slot, connection_info who,
                                     std::unique_ptr<websocket_handler> handler)
    : ws_(std::move(stream), std::move(already_read)),
      context_(std::move(context)),
      slot_(std::move(slot)),
      who_(std::move(who)),
      handler_(std::move(handler)),
      timer_(ws_.get_executor()) {
  transport_stats& stats = context_->stats();
  stats.connections_open.fetch_add(1, std::memory_order_relaxed);
  stats.connections_total.fetch_add(1, std::memory_order_relaxed);
}

websocket_session::~websocket_session() {
  if (registry_key_ != 0) context_->connections().remove(registry_key_);
  const std::string description = handler_->describe();
  // The handler goes first: it may still settle its run with the context.
  handler_.reset();
  context_->stats().connections_open.fetch_sub(1, std::memory_order_relaxed);
  slot_.release();
  spdlog::info("session {} {}{}closed", who_.session, description, description.empty() ? "" : " ");
}

void websocket_session::run(http::request<http::string_body> request) {
  registry_key_ = context_->connections().add(weak_from_this());
  ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
  ws_.set_option(websocket::stream_base::decorator(
      [name = context_->server_name()](websocket::response_type& response) {
        response.set(http::field::server, name);
      }));
  ws_.read_message_max(context_->config().max_message_bytes);
  ws_.async_accept(request,
                   beast::bind_front_handler(&websocket_session::on_accept, shared_from_this()));
}

void websocket_session::shutdown() {
  close(static_cast<std::uint16_t>(websocket::close_code::going_away), "server shutting down");
}

void websocket_session::wake() {
  net::post(ws_.get_executor(), [self = shared_from_this()] {
    // Before the handshake ends on_accept opens the handler; after a close, nothing.
    if (self->opened_ && !self->closing_ && self->ws_.is_open()) {
      self->handler_->on_wake(std::chrono::steady_clock::now());
    }
  });
}

void websocket_session::send(std::shared_ptr<const std::string> text) {
  net::post(ws_.get_executor(), beast::bind_front_handler(&websocket_session::on_send,
                                                          shared_from_this(), std::move(text)));
}

void websocket_session::close(std::uint16_t code, std::string reason) {
  net::post(ws_.get_executor(), [self = shared_from_this(), code, reason = std::move(reason)] {
    self->close_after_writes(static_cast<websocket::close_code>(code), reason);
  });
}

void websocket_session::fail(error_code ec, const char* what) {
  // Ordinary ends of a connection are not worth a warning.
  if (ec == net::error::operation_aborted || ec == websocket::error::closed ||
      ec == beast::error::timeout || ec == net::error::eof || ec == net::error::connection_reset ||
      ec == net::error::broken_pipe || ec == net::error::not_connected ||
      ec == websocket::error::message_too_big || ec == net::ssl::error::stream_truncated) {
    spdlog::debug("session {} {}: {}", who_.session, what, ec.message());
    return;
  }
  spdlog::warn("session {} {}: {}", who_.session, what, ec.message());
}

void websocket_session::on_accept(error_code ec) {
  if (ec) return fail(ec, "handshake");
  spdlog::info("session {} connected from {} to {}", who_.session, who_.peer,
               log_text(who_.target));
  if (context_->stopping()) {
    return close_after_writes(websocket::close_code::going_away, "server shutting down");
  }
  handler_->on_open(weak_from_this());
  opened_ = true;
  if (const unsigned seconds = context_->config().ping_seconds; seconds > 0) {
    ping_at_ = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    arm_timer();
  }
  do_read();
}

void websocket_session::arm_timer() {
  std::optional<std::chrono::steady_clock::time_point> soonest;
  for (const auto& at : {wake_at_, read_waits_ ? read_at_ : std::nullopt, ping_at_}) {
    if (at && (!soonest || *at < *soonest)) soonest = at;
  }
  if (!soonest) {
    armed_at_.reset();
    timer_.cancel();
    return;
  }
  // The handler asks for the same moment again and again (a spectator's
  // pace): a wait already set for it stays.
  if (soonest == armed_at_ && armed_strong_ == read_waits_) return;
  armed_at_ = soonest;
  armed_strong_ = read_waits_;
  timer_.expires_at(*soonest);
  if (read_waits_) {
    // No read is pending: the wait holds the connection until its read.
    timer_.async_wait([self = shared_from_this()](error_code ec) {
      if (!ec) self->on_time();
    });
    return;
  }
  // Otherwise the wait lets a closed connection go.
  timer_.async_wait([weak = weak_from_this()](error_code ec) {
    auto session = weak.lock();
    if (!ec && session) session->on_time();
  });
}

void websocket_session::on_time() {
  // A wait that ended just before the timer was set again runs too: each
  // moment is checked against the clock, not taken from the wait.
  const auto now = std::chrono::steady_clock::now();
  armed_at_.reset();
  assert(!read_waits_ || read_at_);
  if (read_waits_ && *read_at_ <= now) {
    read_waits_ = false;
    read_at_.reset();
    if (!closing_ && ws_.is_open()) do_read();
  }
  if (ping_at_ && *ping_at_ <= now) ping();
  if (wake_at_ && *wake_at_ <= now) {
    wake_at_.reset();
    handler_->on_timer(now);
  }
  arm_timer();
}

void websocket_session::ping() {
  if (closing_ || !ws_.is_open()) {
    ping_at_.reset();
    return;
  }
  ping_at_ =
      std::chrono::steady_clock::now() + std::chrono::seconds(context_->config().ping_seconds);
  // Beast queues a ping behind a write in progress.
  if (pinging_) return;
  pinging_ = true;
  ws_.async_ping({}, [self = shared_from_this()](error_code ec) {
    self->pinging_ = false;
    if (ec) self->fail(ec, "ping");
  });
}

namespace {

// A message is read in bites into buffer_, the first this small: it is what
// an idle connection holds while its read waits (Beast's whole-message read
// would prepare 1,536 bytes for each). A longer message doubles the bite;
// a buffer grown past kept_bytes is given back once its message is done.
constexpr std::size_t first_bite = 256;
constexpr std::size_t kept_bytes = 4096;

}  // namespace

void websocket_session::do_read() {
  ws_.async_read_some(buffer_.prepare(std::max(first_bite, buffer_.size())),
                      beast::bind_front_handler(&websocket_session::on_read, shared_from_this()));
}

void websocket_session::on_read(error_code ec, std::size_t bytes) {
  if (ec) {
    // Beast has already sent close code 1009 when the message was too big.
    if (ec == websocket::error::message_too_big) {
      spdlog::info("session {} sent a message over {} bytes: closed (1009)", who_.session,
                   context_->config().max_message_bytes);
    }
    return fail(ec, "read");
  }
  buffer_.commit(bytes);
  // Beast holds every frame to read_message_max, across the bites.
  if (!ws_.is_message_done()) return do_read();
  if (closing_) return;
  if (!ws_.got_text()) {
    buffer_.consume(buffer_.size());
    return close_after_writes(websocket::close_code::policy_error,
                              "binary frames are not accepted; send JSON text");
  }
  const auto data = buffer_.cdata();
  const std::string_view frame(static_cast<const char*>(data.data()), data.size());
  std::string& reply = queue_.push_reply();
  const auto result = handler_->on_frame(frame, reply, std::chrono::steady_clock::now());
  buffer_.consume(buffer_.size());
  if (buffer_.capacity() > kept_bytes) buffer_.shrink_to_fit();
  // A handler may have nothing to say.
  if (reply.empty()) queue_.pop_back();
  if (result == websocket_handler::frame_result::deferred) {
    // No more frames until the handler answers this one (resume).
    deferred_ = true;
    if (!writing_ && !queue_.empty()) do_write();
    return;
  }
  after_frame();
}

void websocket_session::after_frame() {
  if (!writing_ && !queue_.empty()) do_write();
  if (auto request = handler_->close_requested()) {
    spdlog::info("session {} closed by the server: {} ({})", who_.session, request->reason,
                 request->code);
    return close_after_writes(static_cast<websocket::close_code>(request->code), request->reason);
  }
  if (queue_.size() >= context_->config().write_queue_limit) {
    // The client is not reading its replies: stop reading until it does.
    read_paused_ = true;
    return;
  }
  read_on();
}

void websocket_session::read_on() {
  if (!read_at_ || *read_at_ <= std::chrono::steady_clock::now()) {
    read_at_.reset();
    return do_read();
  }
  read_waits_ = true;
  arm_timer();
}

void websocket_session::read_later(std::chrono::steady_clock::time_point when) {
  read_at_ = when;
}

void websocket_session::on_send(std::shared_ptr<const std::string> text) {
  if (closing_ || !ws_.is_open()) return;
  if (queue_.size() >= context_->config().write_queue_limit) {
    // Pushes cannot wait for a reader that does not read: drop it.
    spdlog::info("session {} dropped: {} messages wait unread", who_.session, queue_.size());
    return drop_now();
  }
  queue_.push_shared(std::move(text));
  if (!writing_) do_write();
}

void websocket_session::drop() {
  net::post(ws_.get_executor(), [self = shared_from_this()] { self->drop_now(); });
}

void websocket_session::drop_now() {
  closing_ = true;
  error_code ignored;
  beast::get_lowest_layer(ws_).socket().close(ignored);
}

void websocket_session::do_write() {
  writing_ = true;
  ws_.text(true);
  const std::string_view front = queue_.front();
  ws_.async_write(net::buffer(front.data(), front.size()),
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
  if (read_paused_ && !closing_ && !deferred_) {
    read_paused_ = false;
    read_on();
  }
}

void websocket_session::resume(std::function<bool(std::string& reply)> finish) {
  net::post(ws_.get_executor(),
            [self = shared_from_this(), finish = std::move(finish)] { self->on_resume(finish); });
}

void websocket_session::post(std::function<void()> work) {
  net::post(ws_.get_executor(), [self = shared_from_this(), work = std::move(work)] { work(); });
}

void websocket_session::on_resume(const std::function<bool(std::string& reply)>& finish) {
  std::string& reply = queue_.push_reply();
  const bool answered = finish(reply);
  // A connection on its way out takes no more replies; the handler has settled.
  if (reply.empty() || closing_ || !ws_.is_open()) queue_.pop_back();
  if (!answered) {
    if (!writing_ && !queue_.empty() && ws_.is_open()) do_write();
    return;
  }
  deferred_ = false;
  if (closing_ || !ws_.is_open()) return;
  after_frame();
}

void websocket_session::wake_at(std::chrono::steady_clock::time_point when) {
  net::post(ws_.get_executor(), [self = shared_from_this(), when] {
    self->wake_at_ = when;
    self->arm_timer();
  });
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
