#include "clients/load/hostile_connection.hpp"
#include "clients/sdk/secure_connection.hpp"

#include <array>
#include <string_view>

namespace ariadne::load {

namespace beast = boost::beast;
namespace net = boost::asio;

namespace {

// The costliest starts: seconds each before the random walks were bounded.
constexpr std::array<const char*, 3> costly_starts = {
    R"({"type":"start","maze":{"generator":"aldous_broder","width":8192,"height":128}})",
    R"({"type":"start","maze":{"generator":"aldous_broder","width":8192,"height":8}})",
    R"({"type":"start","maze":{"generator":"wilson","width":1024,"height":1024}})"};

using namespace std::literals;

constexpr std::array<std::string_view, 9> garbage_messages = {
    "{"sv,
    "[]"sv,
    "null"sv,
    R"({"type":"teleport"})"sv,
    R"({"type":"move","dir":"up"})"sv,
    R"({"type":"start","maze":{"width":-1}})"sv,
    R"({"type":"path","dirs":"NNX"})"sv,
    "{\"type\":\"move\",\"dir\":\"N\"}\0junk"sv,
    R"({"type":"hello","name":"ev\u001bil"})"sv};

// Past any frame limit a server may set by default.
constexpr std::size_t oversized_bytes = 1 << 16;

template <typename Array>
std::uint32_t count_of(const Array& a) {
  return static_cast<std::uint32_t>(a.size());
}

}  // namespace

hostile_connection::hostile_connection(net::io_context& ioc, kind k, const options& o,
                                       const server_url& where, tally& counts, std::uint64_t seed,
                                       std::function<void()> respawn)
    : ws_(beast::tcp_stream(ioc), o.tls_context),
      resolver_(ioc),
      kind_(k),
      o_(o),
      where_(where),
      counts_(counts),
      rng_(seed),
      respawn_(std::move(respawn)) {}

void hostile_connection::start() {
  resolver_.async_resolve(
      where_.host, where_.port,
      beast::bind_front_handler(&hostile_connection::on_resolve, shared_from_this()));
}

void hostile_connection::stop() {
  net::post(ws_.get_executor(), [self = shared_from_this()] {
    self->stopping_ = true;
    beast::error_code ignored;
    beast::get_lowest_layer(self->ws_).socket().close(ignored);
  });
}

void hostile_connection::on_resolve(error_code ec, tcp::resolver::results_type results) {
  if (ec) return end();
  beast::get_lowest_layer(ws_).async_connect(
      results, beast::bind_front_handler(&hostile_connection::on_connect, shared_from_this()));
}

void hostile_connection::on_connect(error_code ec, tcp::resolver::results_type::endpoint_type) {
  if (ec) return end();
  async_client_handshake(ws_.next_layer(), where_.host, [self = shared_from_this()](error_code e) {
    if (e) return self->end();
    self->ws_.async_handshake(self->where_.host + ":" + self->where_.port, self->where_.path,
                              beast::bind_front_handler(&hostile_connection::on_handshake, self));
  });
}

void hostile_connection::on_handshake(error_code ec) {
  if (ec) return end();
  ++counts_.hostile_sessions;
  send(R"({"type":"hello","name":"hostile"})");
  // A deaf client never reads; the others read every reply.
  if (kind_ != kind::deaf) do_read();
}

void hostile_connection::send(std::string message, bool binary) {
  out_ = std::move(message);
  ws_.binary(binary);
  ws_.async_write(net::buffer(out_),
                  beast::bind_front_handler(&hostile_connection::on_write, shared_from_this()));
}

void hostile_connection::on_write(error_code ec, std::size_t) {
  if (ec) return end();
  if (kind_ != kind::deaf || stopping_) return;
  // Deaf: one more move, as soon as the last one left; the server stops
  // reading once its replies pile up, and then so does this write.
  if (!in_run_) {
    in_run_ = true;
    return send(R"({"type":"start"})");
  }
  send(R"({"type":"move","dir":"N"})");
}

void hostile_connection::do_read() {
  ws_.async_read(buffer_,
                 beast::bind_front_handler(&hostile_connection::on_read, shared_from_this()));
}

void hostile_connection::on_read(error_code ec, std::size_t) {
  if (ec) {
    if (!stopping_) ++counts_.hostile_closed;
    return end();
  }
  const auto data = buffer_.cdata();
  const std::string reply(static_cast<const char*>(data.data()), data.size());
  buffer_.consume(buffer_.size());
  ++replies_;
  next(reply);
  if (!ended_) do_read();
}

void hostile_connection::next(std::string_view reply) {
  if (stopping_) return;
  const bool error = reply.find("\"type\":\"error\"") != std::string_view::npos;
  switch (kind_) {
    case kind::starts:
      if (in_run_ && !error) {
        ++counts_.hostile_starts;
        in_run_ = false;
        return send(R"({"type":"abandon"})");
      }
      // Refused: the pool's budget (server_busy) or the address's share (rate_limited).
      if (error) ++counts_.hostile_busy;
      in_run_ = true;
      return send(costly_starts[rng_.below(count_of(costly_starts))]);
    case kind::drop:
      if (replies_ == 1) return send(R"({"type":"start"})");
      if (replies_ < 2 + rng_.below(20)) return send(R"({"type":"move","dir":"E"})");
      // Gone, mid-run, without a close frame.
      return end();
    case kind::garbage:
      if (replies_ < 30) {
        return send(std::string(garbage_messages[rng_.below(count_of(garbage_messages))]));
      }
      // Past the frame limit, or binary: the server closes (1009, 1008).
      if (rng_.below(2) == 0) return send(std::string(oversized_bytes, 'x'));
      return send("\x01\x02\x03", true);
    case kind::deaf:
      return;
  }
}

void hostile_connection::end() {
  if (ended_) return;
  ended_ = true;
  beast::error_code ignored;
  beast::get_lowest_layer(ws_).socket().close(ignored);
  if (!stopping_ && respawn_) respawn_();
}

}  // namespace ariadne::load
