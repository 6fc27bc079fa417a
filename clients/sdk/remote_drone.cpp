#include "clients/sdk/remote_drone.hpp"

#include <algorithm>
#include <random>
#include <thread>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "clients/sdk/blocking_call.hpp"
#include "clients/sdk/route_key.hpp"
#include "clients/sdk/secure_connection.hpp"
#include "clients/sdk/server_url.hpp"
#include "protocol/message_writer.hpp"
#include "protocol/server_reader.hpp"

namespace ariadne {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

struct remote_drone::connection {
  explicit connection(std::shared_ptr<net::ssl::context> tls)
      : ws(beast::tcp_stream(ioc), std::move(tls)) {}
  net::io_context ioc;
  websocket::stream<maybe_tls_stream> ws;
};

remote_drone::remote_drone(const std::string& url, const std::string& name,
                           std::chrono::milliseconds timeout, const std::string& token,
                           const std::string& bot, std::shared_ptr<net::ssl::context> tls,
                           reconnect_policy reconnect,
                           std::shared_ptr<const time_point> call_deadline)
    : url_(url),
      name_(name),
      token_(token),
      bot_(bot),
      tls_(std::move(tls)),
      timeout_(timeout),
      reconnect_(reconnect),
      call_deadline_(std::move(call_deadline)) {
  const server_url where = parse_server_url(url, "ws://");
  if (where.secure && !tls_) tls_ = client_context_for(where, {});
  if (!where.secure) tls_ = nullptr;
  welcome_ = open_first();
}

template <typename Begin>
beast::error_code remote_drone::wait(Begin&& begin, std::chrono::steady_clock::duration bound) {
  auto deadline = std::chrono::steady_clock::now() + bound;
  if (call_deadline_) deadline = std::min(deadline, *call_deadline_);
  return blocking_call(connection_->ioc, std::forward<Begin>(begin), deadline, [this] {
    beast::error_code ignored;
    beast::get_lowest_layer(connection_->ws).socket().close(ignored);
  });
}

bool remote_drone::time_for(std::chrono::steady_clock::duration pause) const {
  return !call_deadline_ || std::chrono::steady_clock::now() + pause < *call_deadline_;
}

protocol::welcome_message remote_drone::open_first() {
  // As a lost connection is mended: a proxy with no server behind it for
  // now (HTTP 502-504), a hello answered server_busy (the server's database
  // restarting), a connection cut or silent before the welcome.
  std::mt19937_64 random{std::random_device{}()};
  for (unsigned k = 0;; ++k) {
    bool mendable = false;
    try {
      return open(mendable, true);
    } catch (const drone_error&) {
      if (!mendable || !reconnect_.enabled || k == reconnect_.tries) throw;
    }
    const auto pause = reconnect_.wait(k, random);
    if (!time_for(pause))
      throw drone_error("cannot connect to " + url_ + ": no welcome in the call's time");
    std::this_thread::sleep_for(pause);
  }
}

protocol::welcome_message remote_drone::open(bool& mendable, bool first) {
  mendable = false;
  const server_url where = parse_server_url(url_, "ws://");
  connection_ = std::make_unique<connection>(tls_);
  auto& ws = connection_->ws;
  // No reply of protocol v1 comes near this: a larger frame is refused
  // before it is buffered.
  ws.read_message_max(max_reply_bytes);
  tcp::resolver resolver(connection_->ioc);
  tcp::resolver::results_type addresses;
  // Each phase within the timeout (the stream's expiry), and whatever it
  // does past that (a closing handshake) within close_bound more.
  const auto phase = timeout_ + close_bound;
  auto ec = wait(
      [&](auto handler) {
        resolver.async_resolve(where.host, where.port,
                               [&, handler](beast::error_code e, auto results) mutable {
                                 addresses = results;
                                 handler(e);
                               });
      },
      phase);
  if (!ec) {
    beast::get_lowest_layer(ws).expires_after(timeout_);
    ec = wait([&](auto handler) { beast::get_lowest_layer(ws).async_connect(addresses, handler); },
              phase);
  }
  if (!ec) {
    ec = wait([&](auto handler) { async_client_handshake(ws.next_layer(), where.host, handler); },
              phase);
    if (ec && ec != beast::error::timeout) {
      throw drone_error("cannot connect to " + url_ + ": " +
                        describe_tls_failure(ws.next_layer(), ec));
    }
  }
  websocket::response_type answer;
  if (!ec) {
    ec = wait(
        [&](auto handler) {
          ws.async_handshake(answer, where.host + ":" + where.port,
                             with_route_key(where.path, token_), handler);
        },
        phase);
  }
  if (ec == websocket::error::upgrade_declined) {
    // The server's own words say why (503: too many connections, or
    // draining; 429: this address holds its share; 400: plain on a TLS-only
    // port). A proxy's 502 and 504: no server behind it answered, for now.
    const unsigned status = answer.result_int();
    mendable = status == 429 || status == 502 || status == 503 || status == 504;
    std::string body = answer.body().substr(0, answer.body().find('\n'));
    throw drone_error("cannot connect to " + url_ + ": the server answered HTTP " +
                      std::to_string(status) + (body.empty() ? "" : ": " + body));
  }
  // A first connection refused or unanswered before its WebSocket opens:
  // nothing serves there, most likely a wrong address, said at once.
  mendable = !first;
  if (ec) throw drone_error("cannot connect to " + url_ + ": " + describe(ec));
  // The closing handshake, ours or the one a bad frame begins, is bounded
  // too: its teardown waits on the socket, beyond the stream's expiry, and a
  // server that never closes would hold the drone for good.
  ws.set_option(websocket::stream_base::timeout{
      std::min<std::chrono::steady_clock::duration>(timeout_, close_bound),
      websocket::stream_base::none(), false});
  protocol::hello_message hello{name_};
  if (!token_.empty()) hello.token = token_;
  if (!bot_.empty()) hello.bot = bot_;
  std::string lost;
  auto reply = try_call(hello, lost);
  if (!reply) throw drone_error("connection to " + url_ + " lost: " + lost);
  if (const auto* error = std::get_if<protocol::error_message>(&*reply)) {
    mendable = error->code == errc::server_busy || error->code == errc::rate_limited;
    throw drone_error(std::string(to_string(error->code)) + ": " + error->message, error->code,
                      error->message);
  }
  mendable = false;
  auto* welcome = std::get_if<protocol::welcome_message>(&*reply);
  if (welcome == nullptr) throw drone_error(url_ + " did not answer hello with welcome");
  return std::move(*welcome);
}

remote_drone::~remote_drone() {
  auto& ws = connection_->ws;
  if (!ws.is_open()) return;
  beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(1));
  wait([&](auto handler) { ws.async_close(websocket::close_code::normal, handler); },
       std::chrono::seconds(1));
}

std::string remote_drone::describe(const beast::error_code& ec) const {
  if (ec == beast::error::timeout) {
    return "no answer within " + std::to_string(timeout_.count()) + " ms";
  }
  return ec.message();
}

std::optional<protocol::server_message> remote_drone::try_call(
    const protocol::client_message& message, std::string& lost) {
  auto& ws = connection_->ws;
  const std::string text = protocol::write_client_message(message);
  beast::flat_buffer buffer;
  // Each request and its reply within the timeout, and a run's within its
  // deadline: a hung or slow server never holds a bot past either.
  const auto until_deadline = run_deadline() - std::chrono::steady_clock::now();
  const bool deadline_first = until_deadline < timeout_;
  const auto expiry = deadline_first
                          ? std::max(until_deadline, std::chrono::steady_clock::duration::zero())
                          : std::chrono::steady_clock::duration(timeout_);
  beast::get_lowest_layer(ws).expires_after(expiry);
  ws.text(true);
  // The reply within the expiry; a closing handshake the read begins (a
  // frame refused) within close_bound more.
  const auto bound = expiry + close_bound;
  auto ec = wait([&](auto handler) { ws.async_write(net::buffer(text), handler); }, bound);
  if (!ec) ec = wait([&](auto handler) { ws.async_read(buffer, handler); }, bound);
  if (ec == beast::error::timeout && deadline_first) throw drone_error(run_overdue());
  if (ec) {
    std::string why = describe(ec);
    bool mendable = true;
    if (ec == websocket::error::closed) {
      const auto code = ws.reason().code;
      why = "closed by the server (code " + std::to_string(code) + ": " +
            std::string(ws.reason().reason.c_str()) + ")";
      mendable = code == websocket::close_code::going_away ||
                 code == websocket::close_code::internal_error ||
                 code == websocket::close_code::service_restart ||
                 code == websocket::close_code::try_again_later;
    } else if (ec == websocket::error::message_too_big ||
               ec == websocket::condition::protocol_violation) {
      // A server that breaks the protocol is no lost connection.
      mendable = false;
    }
    if (!mendable) throw drone_error("connection to " + url_ + " lost: " + why);
    lost = why;
    return std::nullopt;
  }
  const std::string reply_text = beast::buffers_to_string(buffer.data());
  auto parsed = protocol::parse_server_message(reply_text);
  if (auto* problem = std::get_if<protocol::parse_error>(&parsed)) {
    throw drone_error("unreadable reply from " + url_ + ": " + problem->message);
  }
  return std::move(std::get<protocol::server_reply>(parsed).message);
}

protocol::server_message remote_drone::call(const protocol::client_message& message) {
  std::string lost;
  auto reply = try_call(message, lost);
  if (!reply) {
    if (!reconnect_.enabled) throw drone_error("connection to " + url_ + " lost: " + lost);
    reply = mend(message, std::move(lost));
  }
  if (const auto* error = std::get_if<protocol::error_message>(&*reply)) {
    throw drone_error(std::string(to_string(error->code)) + ": " + error->message, error->code,
                      error->message);
  }
  return std::move(*reply);
}

protocol::server_message remote_drone::mend(const protocol::client_message& message,
                                            std::string lost) {
  const drone_state before = state();
  const bool in_run = maze_width() != 0 && !finished();
  const bool starts = std::holds_alternative<protocol::start_message>(message) ||
                      std::holds_alternative<protocol::challenge_start_message>(message);
  const bool of_run = !starts && !std::holds_alternative<protocol::challenges_message>(message);
  const auto moves = [](const drone_state& s) { return s.steps + s.bumps; };
  std::mt19937_64 random{std::random_device{}()};
  unsigned k = 0;
  for (; k < reconnect_.tries; ++k) {
    const auto pause = reconnect_.wait(k, random);
    if (!time_for(pause)) break;  // the call's time is spent
    std::this_thread::sleep_for(pause);
    bool mendable = false;
    try {
      welcome_ = open(mendable);
    } catch (const drone_error& e) {
      if (!mendable) throw;
      lost = e.what();
      continue;
    }
    ++reconnects_;
    const auto& back = welcome_.state;
    // What the request cut short did: a start that was dealt, or moves
    // that were made, show in the run that came back.
    if (back && starts) return *back;
    if (back && of_run && in_run && back->run == before.run && moves(*back) != moves(before)) {
      drone_state next = *back;
      if (std::holds_alternative<protocol::move_message>(message)) {
        next.moved = next.steps > before.steps;
      } else if (std::holds_alternative<protocol::path_message>(message)) {
        next.done = static_cast<std::uint32_t>(moves(*back) - moves(before));
      }
      return next;
    }
    if (of_run && in_run && (!back || back->run != before.run)) {
      throw run_lost("connection to " + url_ + " lost (" + lost + "); run " +
                     std::to_string(before.run) +
                     " did not come back with a new one: it ended unseen, or was given back");
    }
    if (auto reply = try_call(message, lost)) return std::move(*reply);
  }
  throw drone_error("connection to " + url_ + " lost: " + lost + "; " + std::to_string(k) +
                    " new connections failed");
}

std::uint64_t remote_drone::paint(const protocol::paint_message& paint) {
  auto reply = call(paint);
  const auto* painted = std::get_if<protocol::painted_reply>(&reply);
  if (painted == nullptr) throw drone_error("expected a painted reply from " + url_);
  return painted->marks;
}

std::vector<protocol::challenge_info> remote_drone::challenges() {
  auto reply = call(protocol::challenges_message{});
  auto* list = std::get_if<protocol::challenges_reply>(&reply);
  if (list == nullptr) throw drone_error("expected a challenges reply from " + url_);
  return std::move(list->challenges);
}

drone_state remote_drone::exchange(const protocol::client_message& message) {
  auto reply = call(message);
  auto* state = std::get_if<protocol::state_message>(&reply);
  if (state == nullptr) throw drone_error("expected a state reply from " + url_);
  return std::move(*state);
}

}  // namespace ariadne
