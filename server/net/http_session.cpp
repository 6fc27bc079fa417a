#include "server/net/http_session.hpp"

#include <spdlog/spdlog.h>

#include <chrono>

#include "server/baseline/baseline.hpp"
#include "server/app/api_routes.hpp"
#include "server/app/server_name.hpp"
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

http_session::http_session(tcp::socket&& socket, std::shared_ptr<server_context> context,
                           connection_slot slot)
    : stream_(std::move(socket)), context_(std::move(context)), slot_(std::move(slot)) {}

http_session::~http_session() {
  if (registry_key_ != 0) context_->remove_connection(registry_key_);
}

void http_session::run() {
  registry_key_ = context_->add_connection(weak_from_this());
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
    return send(http::status::service_unavailable, "text/plain; charset=utf-8",
                "the server holds as many connections as it allows (in all, or from your "
                "address); try again later\n",
                false);
  }
  if (websocket::is_upgrade(request)) return upgrade(target);
  context_->stats().http_requests.fetch_add(1, std::memory_order_relaxed);
  const std::string_view method(request.method_string().data(), request.method_string().size());
  if (target.substr(0, target.find('?')) == "/api/baseline" &&
      (method == "GET" || method == "HEAD")) {
    return baseline(target, request.keep_alive(), method == "HEAD");
  }
  if (const auto run = replay_target(target); run && (method == "GET" || method == "HEAD")) {
    return replay(*run, target, request.keep_alive(), method == "HEAD");
  }
  http_answer answer = route_http(*context_, method, target);
  if (method == "HEAD") answer.body.clear();
  send(static_cast<http::status>(answer.status), std::move(answer.content_type),
       std::move(answer.body), request.keep_alive(), answer.headers);
}

void http_session::baseline(std::string_view target, bool keep_alive, bool head) {
  const std::size_t query = target.find('?');
  auto parsed = parse_baseline_query(query == std::string_view::npos ? std::string_view()
                                                                     : target.substr(query + 1));
  if (auto* problem = std::get_if<std::string>(&parsed)) {
    return send(http::status::bad_request, "text/plain; charset=utf-8", *problem + "\n",
                keep_alive);
  }
  const run_request request = std::get<run_request>(parsed);
  // The bots play on the job pool, charged to the address like a start.
  const std::uint64_t cost = baseline_cost(request);
  if (!context_->charge_setup(slot_.address(), cost, std::chrono::steady_clock::now())) {
    return send(http::status::too_many_requests, "text/plain; charset=utf-8",
                "your address has asked for more set-up work than its share; try again\n",
                keep_alive);
  }
  auto self = shared_from_this();
  auto job = [self, request, keep_alive, head] {
    std::string body;
    try {
      body = baseline_json(request, self->context_->catalog(), self->context_->host());
    } catch (const std::exception& e) {
      body.clear();
    }
    net::post(self->stream_.get_executor(), [self, body = std::move(body), keep_alive, head] {
      if (body.empty()) {
        return self->send(http::status::internal_server_error, "text/plain; charset=utf-8",
                          "the baseline could not be played\n", keep_alive);
      }
      self->send(http::status::ok, "application/json", head ? std::string() : body, keep_alive);
    });
  };
  if (!context_->starts().try_submit(cost, slot_.address(), std::move(job))) {
    send(http::status::service_unavailable, "text/plain; charset=utf-8",
         "the server is setting up as many mazes as it can; try again shortly\n", keep_alive);
  }
}

void http_session::replay(std::uint64_t run, std::string_view target, bool keep_alive, bool head) {
  auto reply = [self = shared_from_this(), keep_alive, head](http_answer answer) {
    net::post(self->stream_.get_executor(),
              [self, answer = std::move(answer), keep_alive, head]() mutable {
                if (head) answer.body.clear();
                self->send(static_cast<http::status>(answer.status), std::move(answer.content_type),
                           std::move(answer.body), keep_alive);
              });
  };
  const auto feed = context_->runs().find(run);
  competition_hub* hub = context_->competition();
  // Refusals and replays already built are answered at once.
  if ((feed && (feed->replay() || !feed->summary().result || feed->moves().full())) ||
      (!feed && hub == nullptr)) {
    return reply(route_http(*context_, "GET", target));
  }
  // Building one generates its maze and plays its moves again: charged to the
  // address like a start (a stored ranked run like a 256 x 256 one), on the
  // job pool.
  std::uint64_t cost = costliest_setup(256 * 256) + 4 * context_->config().max_replay_moves;
  if (feed) {
    const run_summary s = feed->summary();
    cost = costliest_setup(static_cast<std::uint64_t>(s.start->width) *
                           static_cast<std::uint64_t>(s.start->height)) +
           4 * feed->moves().size();
  }
  if (!context_->charge_setup(slot_.address(), cost, std::chrono::steady_clock::now())) {
    return send(http::status::too_many_requests, "text/plain; charset=utf-8",
                "your address has asked for more set-up work than its share; try again\n",
                keep_alive);
  }
  server_context* context = context_.get();
  const std::string address = slot_.address();
  auto busy = [] {
    return http_answer{503, "text/plain; charset=utf-8",
                       "the server is setting up as many mazes as it can; try again shortly\n"};
  };
  if (feed) {
    if (!context->starts().try_submit(cost, address, [context, reply, path = std::string(target)] {
          reply(route_http(*context, "GET", path));
        })) {
      reply(busy());
    }
    return;
  }
  // Not in memory: a ranked run, read back from the store, once they may be shown.
  if (!hub->reveals_ranked_runs(std::chrono::system_clock::now())) {
    return reply(ranked_replay_answer(*context, ranked_run_record{}));
  }
  hub->find_ranked_run(
      run, [context, reply, cost, address, busy](std::optional<ranked_run_record> record) {
        // On the store's thread: built on the job pool.
        if (!context->starts().try_submit(cost, address, [context, reply, record] {
              reply(ranked_replay_answer(*context, record));
            })) {
          reply(busy());
        }
      });
}

void http_session::upgrade(std::string_view target) {
  const auto key = parser_->get()[http::field::sec_websocket_key];
  if (!valid_websocket_key(std::string_view(key.data(), key.size()))) {
    return send(http::status::bad_request, "text/plain; charset=utf-8",
                "Sec-WebSocket-Key must be 16 bytes in base64\n", false);
  }
  const websocket_routes::factory* route = context_->routes().find(target);
  if (route == nullptr) {
    return send(http::status::not_found, "text/plain; charset=utf-8",
                "no WebSocket endpoint here; drone clients connect to /ws\n", false);
  }
  if (context_->stopping()) {
    return send(http::status::service_unavailable, "text/plain; charset=utf-8",
                "the server is shutting down\n", false);
  }
  connection_info who{context_->new_session_id(), describe_peer(stream_.socket()), slot_.address(),
                      std::string(target)};
  auto made = (*route)(who);
  if (auto* refusal = std::get_if<http_answer>(&made)) {
    return send(static_cast<http::status>(refusal->status), std::move(refusal->content_type),
                std::move(refusal->body), false);
  }
  // The websocket session takes the socket, what was read past the request,
  // and the connection's slot.
  stream_.expires_never();
  std::make_shared<websocket_session>(stream_.release_socket(), std::move(buffer_), context_,
                                      std::move(slot_), std::move(who),
                                      std::move(std::get<0>(made)))
      ->run(parser_->release());
}

void http_session::send(http::status status, std::string content_type, std::string body,
                        bool keep_alive,
                        const std::vector<std::pair<std::string, std::string>>& headers) {
  const unsigned version = parser_->get().version();
  response_.emplace(status, version);
  response_->set(http::field::server, server_name());
  response_->set(http::field::content_type, content_type);
  for (const auto& [name, value] : headers)
    response_->set(name, value);
  response_->keep_alive(keep_alive);
  response_->body() = std::move(body);
  response_->prepare_payload();
  // Time to write the answer, however the request was timed: a replay is big.
  stream_.expires_after(std::chrono::seconds(30));
  http::async_write(
      stream_, *response_,
      beast::bind_front_handler(&http_session::on_write, shared_from_this(), keep_alive));
}

void http_session::on_write(bool keep_alive, error_code ec, std::size_t) {
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
