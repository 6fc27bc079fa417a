#include "clients/load/player_connection.hpp"
#include "clients/sdk/secure_connection.hpp"

#include <nlohmann/json.hpp>

#include "bots/local_drone.hpp"
#include "core/model/limits.hpp"
#include "core/model/paint.hpp"
#include "protocol/message_writer.hpp"
#include "protocol/server_reader.hpp"

namespace ariadne::load {

namespace beast = boost::beast;
namespace net = boost::asio;

player_connection::player_connection(net::io_context& ioc, const options& o,
                                     const server_url& where, const shared_clock& clock,
                                     tally& counts, readiness& ready, std::uint64_t seed)
    : index_(seed - 1),
      ioc_(ioc),
      ws_(beast::tcp_stream(ioc), o.tls_context),
      resolver_(ioc),
      retry_(ioc),
      o_(o),
      where_(where),
      clock_(clock),
      counts_(counts),
      ready_(ready),
      rng_(seed) {}

void player_connection::start() {
  resolver_.async_resolve(
      where_.host, where_.port,
      beast::bind_front_handler(&player_connection::on_resolve, shared_from_this()));
}

void player_connection::stop() {
  net::post(ws_.get_executor(), [self = shared_from_this()] {
    self->stopping_ = true;
    beast::error_code ignored;
    beast::get_lowest_layer(self->ws_).socket().close(ignored);
    self->retry_.cancel();
    for (auto& s : self->spectators_)
      s->stop();
  });
}

void player_connection::on_resolve(error_code ec, tcp::resolver::results_type results) {
  if (ec) return fail();
  beast::get_lowest_layer(ws_).async_connect(
      results, beast::bind_front_handler(&player_connection::on_connect, shared_from_this()));
}

void player_connection::on_connect(error_code ec, tcp::resolver::results_type::endpoint_type) {
  if (ec) return fail();
  beast::get_lowest_layer(ws_).expires_never();
  // A move and a paint written back to back must not wait on Nagle's algorithm.
  beast::get_lowest_layer(ws_).socket().set_option(tcp::no_delay(true), ec);
  async_client_handshake(ws_.next_layer(), where_.host, [self = shared_from_this()](error_code e) {
    if (e) return self->fail();
    self->ws_.async_handshake(self->where_.host + ":" + self->where_.port, self->where_.path,
                              beast::bind_front_handler(&player_connection::on_handshake, self));
  });
}

void player_connection::on_handshake(error_code ec) {
  if (ec) return fail();
  ++counts_.connected;
  say_hello();
  do_read();
}

void player_connection::say_hello() {
  if (o_.tokens.empty()) {
    send(R"({"type":"hello","name":"ariadne-load"})");
  } else {
    send(nlohmann::json{{"type", "hello"},
                        {"name", "ariadne-load"},
                        {"token", o_.tokens[index_ % o_.tokens.size()]}}
             .dump());
  }
}

void player_connection::fail() {
  if (!stopping_) ++counts_.failed;
}

void player_connection::start_run() {
  phase_ = phase::starting;
  commands_.clear();
  if (!o_.challenge.empty()) {
    send(nlohmann::json{{"type", "start"}, {"challenge", o_.challenge}}.dump());
    return;
  }
  request_ = run_request{};
  request_.maze.generator = "recursive_backtracker";
  request_.maze.width = o_.side;
  request_.maze.height = o_.side;
  request_.maze.seed = rng_.next() >> 12U;
  request_.maze.loops = 0.5;
  if (o_.short_runs && o_.max_steps > 0) request_.max_steps = o_.max_steps;
  if (!o_.verify && !o_.short_runs) {
    // Runs that last: the longest the limits allow.
    request_.treasures = static_cast<std::uint32_t>(limits::treasures.max);
    request_.max_steps = limits::max_steps.max;
  }
  commands_.clear();
  send(protocol::write_client_message(request_));
}

// Directions come from the last reply's open sides; with several messages
// in flight some will bump, which the server counts like any move.
void player_connection::send_play() {
  static const char* moves[] = {R"({"type":"move","dir":"N"})", R"({"type":"move","dir":"E"})",
                                R"({"type":"move","dir":"S"})", R"({"type":"move","dir":"W"})"};
  if (o_.path_length == 0) {
    const unsigned d = pick();
    if (o_.verify) commands_.emplace_back(1, "NESW"[d]);
    send(moves[d]);
    return maybe_paint();
  }
  // Back and forth through one open side: every move is a step, none a
  // bump, so each message really moves path_length times.
  const unsigned there = pick();
  const unsigned back = (there + 2) % 4;
  std::string letters;
  for (unsigned i = 0; i < o_.path_length; ++i)
    letters += "NESW"[i % 2 == 0 ? there : back];
  if (o_.verify) commands_.push_back(letters);
  send(R"({"type":"path","dirs":")" + letters + "\"}");
  maybe_paint();
}

void player_connection::maybe_paint() {
  if (o_.paint_every == 0 || ++since_paint_ < o_.paint_every) return;
  since_paint_ = 0;
  send(paint_message(), true);
}

std::string player_connection::paint_message() {
  std::string message = R"({"type":"paint","cells":[)";
  for (unsigned i = 0; i < limits::paint_cells_per_message; ++i) {
    if (i > 0) message += ',';
    const auto side = static_cast<std::uint32_t>(o_.side);
    message += R"({"x":)" + std::to_string(rng_.below(side)) + R"(,"y":)" +
               std::to_string(rng_.below(side)) + R"(,"colour":")" +
               std::string(paint_palette[i % paint_palette.size()]) + R"(","text":"p)" +
               std::to_string(i % 100) + "\"}";
  }
  return message + "]}";
}

void player_connection::watch(std::string_view start_reply) {
  const auto at = start_reply.find("\"run\":");
  if (at == std::string_view::npos) return;
  std::uint64_t run = 0;
  for (std::size_t i = at + 6;
       i < start_reply.size() && start_reply[i] >= '0' && start_reply[i] <= '9'; ++i)
    run = run * 10 + static_cast<std::uint64_t>(start_reply[i] - '0');
  spectators_.clear();  // the last run's: their streams have ended or will
  for (unsigned i = 0; i < o_.spectators; ++i) {
    spectators_.push_back(
        std::make_shared<spectator_connection>(ioc_, where_, run, clock_, counts_, o_.tls_context));
    spectators_.back()->start();
  }
}

unsigned player_connection::pick() {
  if (open_count_ == 0) return rng_.below(4);
  return open_[rng_.below(open_count_)];
}

void player_connection::send(std::string message, bool paint) {
  queue_.push_back(std::move(message));
  sent_.push_back({clock_type::now(), paint});
  if (!writing_) do_write();
}

void player_connection::do_write() {
  writing_ = true;
  ws_.text(true);
  ws_.async_write(net::buffer(queue_.front()),
                  beast::bind_front_handler(&player_connection::on_write, shared_from_this()));
}

void player_connection::on_write(error_code ec, std::size_t) {
  if (ec) return fail();
  queue_.pop_front();
  if (!queue_.empty()) return do_write();
  writing_ = false;
}

void player_connection::do_read() {
  ws_.async_read(buffer_,
                 beast::bind_front_handler(&player_connection::on_read, shared_from_this()));
}

void player_connection::on_read(error_code ec, std::size_t) {
  if (ec) return fail();
  const auto now = clock_type::now();
  const auto data = buffer_.cdata();
  const std::string_view reply(static_cast<const char*>(data.data()), data.size());
  const pending sent = sent_.front();
  sent_.pop_front();
  const bool measuring = clock_.measuring(now);
  const bool error = reply.find("\"type\":\"error\"") != std::string_view::npos;
  if (sent.paint) {
    if (measuring) ++(error ? counts_.paints_refused : counts_.paints);
    buffer_.consume(buffer_.size());
    if (finishing_ && sent_.empty()) {
      finishing_ = false;
      start_run();
    }
    if (!stopping_) do_read();
    return;
  }
  if (measuring) {
    ++counts_.replies;
    counts_.latency.add(std::chrono::duration<double, std::micro>(now - sent.at).count());
  }
  if (error && measuring) ++counts_.errors;
  read_open(reply);
  handle(reply, error, measuring);
  buffer_.consume(buffer_.size());
  if (!stopping_) do_read();
}

void player_connection::handle(std::string_view reply, bool error, bool measuring) {
  switch (phase_) {
    case phase::greeting:
      if (o_.idle) {
        phase_ = phase::idle;
        ready_.welcome();
        return;
      }
      if (reply.find("\"state\":") != std::string_view::npos) {
        // A competitor's ranked run taken over from an earlier connection:
        // end it, then play as usual.
        phase_ = phase::playing;
        finishing_ = true;
        send(R"({"type":"abandon"})");
        return;
      }
      if (error && (reply.find("\"rate_limited\"") != std::string_view::npos ||
                    reply.find("\"server_busy\"") != std::string_view::npos)) {
        // Refused for now (busy, or too many logins at once): say hello
        // again a little later, as a kit would.
        retry_.expires_after(std::chrono::milliseconds(100 + rng_.below(200)));
        retry_.async_wait([self = shared_from_this()](error_code ec) {
          if (!ec && !self->stopping_) self->say_hello();
        });
        return;
      }
      start_run();
      return;
    case phase::starting:
      if (error) return start_run();
      phase_ = phase::playing;
      ++counts_.runs;
      if (o_.spectators > 0) watch(reply);
      for (unsigned i = 0; i < o_.pipeline; ++i)
        send_play();
      return;
    case phase::playing: {
      if (measuring && !error) counts_.moves += moves_in(reply);
      if (reply.find("\"result\"") != std::string_view::npos) {
        if (measuring) ++counts_.results;
        if (o_.verify) verify(reply);
        // The run ended: let the messages in flight come back, then start another.
        finishing_ = true;
      }
      if (finishing_) {
        if (sent_.empty()) {
          finishing_ = false;
          start_run();
        }
        return;
      }
      send_play();
      return;
    }
    case phase::idle:
      return;
  }
}

void player_connection::verify(std::string_view final_reply) {
  const auto parsed = protocol::parse_server_message(final_reply);
  const auto* reply = std::get_if<protocol::server_reply>(&parsed);
  const auto* state = reply ? std::get_if<drone_state>(&reply->message) : nullptr;
  if (state == nullptr || !state->result) {
    ++counts_.mismatches;
    return;
  }
  // The same run offline, message by message as the server received them.
  local_drone offline;
  offline.start(request_);
  for (const std::string& letters : commands_) {
    if (offline.finished()) break;
    std::vector<direction> dirs;
    for (const char c : letters)
      dirs.push_back(*direction_from_letter(c));
    if (dirs.size() == 1 && o_.path_length == 0) {
      offline.move(dirs.front());
    } else {
      offline.path(dirs);
    }
  }
  const auto& mine = offline.state().result;
  const run_result& theirs = *state->result;
  // The seed is the request's; everything else comes from the play.
  if (mine && mine->status == theirs.status && mine->steps == theirs.steps &&
      mine->bumps == theirs.bumps && mine->score == theirs.score &&
      mine->optimal == theirs.optimal && mine->found == theirs.found) {
    ++counts_.verified;
  } else {
    ++counts_.mismatches;
  }
}

std::uint64_t player_connection::moves_in(std::string_view reply) const {
  if (o_.path_length == 0) return 1;
  const auto at = reply.find("\"done\":");
  if (at == std::string_view::npos) return 0;
  std::uint64_t done = 0;
  for (std::size_t i = at + 7; i < reply.size() && reply[i] >= '0' && reply[i] <= '9'; ++i) {
    done = done * 10 + static_cast<std::uint64_t>(reply[i] - '0');
  }
  return done;
}

void player_connection::read_open(std::string_view reply) {
  const auto at = reply.find("\"open\":[");
  if (at == std::string_view::npos) return;
  open_count_ = 0;
  for (std::size_t i = at + 8; i < reply.size() && reply[i] != ']'; ++i) {
    if (const auto d = direction_from_letter(reply[i])) {
      open_[open_count_++] = static_cast<unsigned>(*d);
    }
  }
}

}  // namespace ariadne::load
