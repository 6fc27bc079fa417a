// ariadne-load: a closed-loop WebSocket load generator for Ariadne servers
// (and for the bare Beast floor server that docs/benchmarks.md compares with).
// N connections each say hello, start a run and keep `pipeline` move (or
// path) messages in flight, choosing directions from the last reply; after a
// warm-up, replies and their latencies are counted for a fixed duration.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdio>
#include <deque>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <thread>
#include <vector>

#include "clients/sdk/server_url.hpp"
#include "core/maze/rng.hpp"
#include "core/model/limits.hpp"

namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using clock_type = std::chrono::steady_clock;
using ariadne::rng;

struct options {
  std::string url = "ws://127.0.0.1:8080/ws";
  unsigned connections = 10;
  unsigned pipeline = 1;
  double duration = 10;
  double warmup = 2;
  unsigned path_length = 0;  // 0: move messages; N: path messages of N moves
  int side = 64;
  unsigned threads = 1;
  bool idle = false;
  std::string ready_file;
  std::string json_file;
};

// Counts welcomed idle connections; the last one writes the ready file.
struct readiness {
  std::atomic<unsigned> welcomed{0};
  unsigned expected = 0;
  std::string file;
  void welcome() {
    if (welcomed.fetch_add(1) + 1 == expected && !file.empty())
      std::ofstream(file) << expected << "\n";
  }
};

// Latencies in microseconds, 1 us buckets up to 1 s, and the maximum.
class histogram {
 public:
  histogram() : counts_(1'000'001, 0) {}
  void add(double us) {
    const auto bucket = static_cast<std::size_t>(std::min(us, 1e6));
    ++counts_[bucket];
    ++total_;
    max_ = std::max(max_, us);
  }
  void merge(const histogram& other) {
    for (std::size_t i = 0; i < counts_.size(); ++i)
      counts_[i] += other.counts_[i];
    total_ += other.total_;
    max_ = std::max(max_, other.max_);
  }
  double percentile(double p) const {
    if (total_ == 0) return 0;
    const auto rank = static_cast<std::uint64_t>(p / 100.0 * static_cast<double>(total_ - 1));
    std::uint64_t seen = 0;
    for (std::size_t i = 0; i < counts_.size(); ++i) {
      seen += counts_[i];
      if (seen > rank) return static_cast<double>(i) + 0.5;
    }
    return max_;
  }
  std::uint64_t total() const { return total_; }
  double max() const { return max_; }

 private:
  std::vector<std::uint64_t> counts_;
  std::uint64_t total_ = 0;
  double max_ = 0;
};

// What one I/O thread measured.
struct tally {
  histogram latency;
  std::uint64_t replies = 0;
  std::uint64_t moves = 0;
  std::uint64_t errors = 0;
  std::uint64_t runs = 0;
  std::uint64_t connected = 0;
  std::uint64_t failed = 0;
};

struct shared_clock {
  clock_type::time_point measure_from;
  clock_type::time_point measure_until;
  bool measuring(clock_type::time_point t) const { return t >= measure_from && t < measure_until; }
};

class connection : public std::enable_shared_from_this<connection> {
 public:
  connection(net::io_context& ioc, const options& o, const ariadne::server_url& where,
             const shared_clock& clock, tally& counts, readiness& ready, std::uint64_t seed)
      : ws_(ioc),
        resolver_(ioc),
        o_(o),
        where_(where),
        clock_(clock),
        counts_(counts),
        ready_(ready),
        rng_(seed) {}

  void start() {
    resolver_.async_resolve(where_.host, where_.port,
                            beast::bind_front_handler(&connection::on_resolve, shared_from_this()));
  }
  void stop() {
    net::post(ws_.get_executor(), [self = shared_from_this()] {
      self->stopping_ = true;
      beast::error_code ignored;
      beast::get_lowest_layer(self->ws_).socket().close(ignored);
    });
  }

 private:
  void on_resolve(beast::error_code ec, tcp::resolver::results_type results) {
    if (ec) return fail();
    beast::get_lowest_layer(ws_).async_connect(
        results, beast::bind_front_handler(&connection::on_connect, shared_from_this()));
  }
  void on_connect(beast::error_code ec, tcp::resolver::results_type::endpoint_type) {
    if (ec) return fail();
    beast::get_lowest_layer(ws_).expires_never();
    ws_.async_handshake(where_.host + ":" + where_.port, where_.path,
                        beast::bind_front_handler(&connection::on_handshake, shared_from_this()));
  }
  void on_handshake(beast::error_code ec) {
    if (ec) return fail();
    ++counts_.connected;
    send(R"({"type":"hello","name":"ariadne-load"})");
    do_read();
  }
  void fail() {
    if (!stopping_) ++counts_.failed;
  }

  void start_run() {
    phase_ = phase::starting;
    send(R"({"type":"start","maze":{"generator":"recursive_backtracker","width":)" +
         std::to_string(o_.side) + ",\"height\":" + std::to_string(o_.side) +
         ",\"seed\":" + std::to_string(rng_.next() >> 12U) + R"(,"loops":0.5},"treasures":)" +
         std::to_string(ariadne::limits::treasures.max) +
         ",\"max_steps\":" + std::to_string(ariadne::limits::max_steps.max) + "}");
  }

  // Directions come from the last reply's open sides; with several messages
  // in flight some will bump, which the server counts like any move.
  void send_play() {
    static const char* moves[] = {R"({"type":"move","dir":"N"})", R"({"type":"move","dir":"E"})",
                                  R"({"type":"move","dir":"S"})", R"({"type":"move","dir":"W"})"};
    if (o_.path_length == 0) {
      send(moves[pick()]);
      return;
    }
    // Back and forth through one open side: every move is a step, none a
    // bump, so each message really moves path_length times.
    const unsigned there = pick();
    const unsigned back = (there + 2) % 4;
    std::string message = R"({"type":"path","dirs":")";
    for (unsigned i = 0; i < o_.path_length; ++i)
      message += "NESW"[i % 2 == 0 ? there : back];
    message += "\"}";
    send(std::move(message));
  }
  unsigned pick() {
    if (open_count_ == 0) return rng_.below(4);
    return open_[rng_.below(open_count_)];
  }

  void send(std::string message) {
    queue_.push_back(std::move(message));
    sent_.push_back(clock_type::now());
    if (!writing_) do_write();
  }
  void do_write() {
    writing_ = true;
    ws_.text(true);
    ws_.async_write(net::buffer(queue_.front()),
                    beast::bind_front_handler(&connection::on_write, shared_from_this()));
  }
  void on_write(beast::error_code ec, std::size_t) {
    if (ec) return fail();
    queue_.pop_front();
    if (!queue_.empty()) return do_write();
    writing_ = false;
  }

  void do_read() {
    ws_.async_read(buffer_, beast::bind_front_handler(&connection::on_read, shared_from_this()));
  }
  void on_read(beast::error_code ec, std::size_t) {
    if (ec) return fail();
    const auto now = clock_type::now();
    const auto data = buffer_.cdata();
    const std::string_view reply(static_cast<const char*>(data.data()), data.size());
    const auto sent_at = sent_.front();
    sent_.pop_front();
    const bool measuring = clock_.measuring(now);
    if (measuring) {
      ++counts_.replies;
      counts_.latency.add(std::chrono::duration<double, std::micro>(now - sent_at).count());
    }
    const bool error = reply.find("\"type\":\"error\"") != std::string_view::npos;
    if (error && measuring) ++counts_.errors;
    read_open(reply);
    buffer_.consume(buffer_.size());
    handle(reply, error, measuring);
    if (!stopping_) do_read();
  }

  void handle(std::string_view reply, bool error, bool measuring) {
    switch (phase_) {
      case phase::greeting:
        if (o_.idle) {
          phase_ = phase::idle;
          ready_.welcome();
          return;
        }
        start_run();
        return;
      case phase::starting:
        if (error) return start_run();
        phase_ = phase::playing;
        ++counts_.runs;
        for (unsigned i = 0; i < o_.pipeline; ++i)
          send_play();
        return;
      case phase::playing: {
        if (measuring && !error) counts_.moves += moves_in(reply);
        if (reply.find("\"result\"") != std::string_view::npos) {
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

  std::uint64_t moves_in(std::string_view reply) const {
    if (o_.path_length == 0) return 1;
    const auto at = reply.find("\"done\":");
    if (at == std::string_view::npos) return 0;
    std::uint64_t done = 0;
    for (std::size_t i = at + 7; i < reply.size() && reply[i] >= '0' && reply[i] <= '9'; ++i) {
      done = done * 10 + static_cast<std::uint64_t>(reply[i] - '0');
    }
    return done;
  }

  void read_open(std::string_view reply) {
    const auto at = reply.find("\"open\":[");
    if (at == std::string_view::npos) return;
    open_count_ = 0;
    for (std::size_t i = at + 8; i < reply.size() && reply[i] != ']'; ++i) {
      switch (reply[i]) {
        case 'N':
          open_[open_count_++] = 0;
          break;
        case 'E':
          open_[open_count_++] = 1;
          break;
        case 'S':
          open_[open_count_++] = 2;
          break;
        case 'W':
          open_[open_count_++] = 3;
          break;
        default:
          break;
      }
    }
  }

  enum class phase { greeting, starting, playing, idle };

  websocket::stream<beast::tcp_stream> ws_;
  tcp::resolver resolver_;
  beast::flat_buffer buffer_;
  const options& o_;
  const ariadne::server_url& where_;
  const shared_clock& clock_;
  tally& counts_;
  readiness& ready_;
  rng rng_;
  std::deque<std::string> queue_;
  std::deque<clock_type::time_point> sent_;
  bool writing_ = false;
  bool stopping_ = false;
  bool finishing_ = false;
  phase phase_ = phase::greeting;
  unsigned open_[4] = {0, 0, 0, 0};
  unsigned open_count_ = 0;
};

int run_load(int argc, char** argv) {
  options o;
  CLI::App app{"Closed-loop WebSocket load for an Ariadne server.", "ariadne-load"};
  app.add_option("-u,--url", o.url, "Server")->capture_default_str();
  app.add_option("-c,--connections", o.connections, "Connections")
      ->check(CLI::Range(1U, 100000U))
      ->capture_default_str();
  app.add_option("-p,--pipeline", o.pipeline, "Messages in flight per connection")
      ->check(CLI::Range(1U, 1024U))
      ->capture_default_str();
  app.add_option("-d,--duration", o.duration, "Seconds measured")
      ->check(CLI::Range(0.1, 3600.0))
      ->capture_default_str();
  app.add_option("-w,--warmup", o.warmup, "Seconds before measuring")
      ->check(CLI::Range(0.0, 600.0))
      ->capture_default_str();
  app.add_option("--path", o.path_length, "Send path messages of N moves instead of moves")
      ->check(CLI::Range(0U, static_cast<unsigned>(ariadne::limits::path_letters.max)));
  app.add_option("--side", o.side, "Maze side in cells")
      ->check(CLI::Range(2, 1024))
      ->capture_default_str();
  app.add_option("-t,--threads", o.threads, "I/O threads")
      ->check(CLI::Range(1U, 64U))
      ->capture_default_str();
  app.add_flag("--idle", o.idle, "Connect and say hello only, then hold the connections");
  app.add_option(
      "--ready-file", o.ready_file,
      "With --idle: write the connection count to FILE once every connection is welcomed");
  app.add_option("--json", o.json_file, "Also write the figures as JSON to FILE");
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "ariadne-load: " << e.what() << "\n";
    return 2;
  }
  const ariadne::server_url where = ariadne::parse_server_url(o.url, "ws://");

  // One io_context and one tally per thread: a connection stays on its thread.
  std::vector<std::unique_ptr<net::io_context>> contexts;
  for (unsigned i = 0; i < o.threads; ++i)
    contexts.push_back(std::make_unique<net::io_context>(1));
  shared_clock clock;
  const auto begin = clock_type::now();
  clock.measure_from = begin + std::chrono::duration_cast<clock_type::duration>(
                                   std::chrono::duration<double>(o.warmup));
  clock.measure_until = clock.measure_from + std::chrono::duration_cast<clock_type::duration>(
                                                 std::chrono::duration<double>(o.duration));
  std::vector<tally> tallies(o.threads);
  readiness ready;
  ready.expected = o.connections;
  ready.file = o.ready_file;
  std::vector<std::shared_ptr<connection>> connections;
  for (unsigned i = 0; i < o.connections; ++i) {
    // Each connection's counters belong to one thread's tally, by index.
    connections.push_back(std::make_shared<connection>(*contexts[i % o.threads], o, where, clock,
                                                       tallies[i % o.threads], ready, i + 1));
    connections.back()->start();
  }
  std::vector<std::unique_ptr<net::steady_timer>> timers;
  for (unsigned t = 0; t < o.threads; ++t) {
    timers.push_back(std::make_unique<net::steady_timer>(*contexts[t], clock.measure_until));
    timers.back()->async_wait([&, t](beast::error_code) {
      for (std::size_t i = t; i < connections.size(); i += o.threads)
        connections[i]->stop();
    });
  }
  std::vector<std::thread> workers;
  for (unsigned t = 1; t < o.threads; ++t)
    workers.emplace_back([&, t] { contexts[t]->run(); });
  contexts[0]->run();
  for (auto& w : workers)
    w.join();

  tally total;
  for (const tally& t : tallies) {
    total.latency.merge(t.latency);
    total.replies += t.replies;
    total.moves += t.moves;
    total.errors += t.errors;
    total.runs += t.runs;
    total.connected += t.connected;
    total.failed += t.failed;
  }
  const double seconds = o.duration;
  const auto& h = total.latency;
  nlohmann::json figures = {{"connections", o.connections},
                            {"connected", total.connected},
                            {"failed", total.failed},
                            {"pipeline", o.pipeline},
                            {"path", o.path_length},
                            {"seconds", seconds},
                            {"replies_per_s", static_cast<double>(total.replies) / seconds},
                            {"moves_per_s", static_cast<double>(total.moves) / seconds},
                            {"errors", total.errors},
                            {"runs", total.runs},
                            {"p50_us", h.percentile(50)},
                            {"p90_us", h.percentile(90)},
                            {"p99_us", h.percentile(99)},
                            {"p999_us", h.percentile(99.9)},
                            {"max_us", h.max()}};
  std::printf("%-11s %9s %12s %12s %7s %8s %8s %8s %9s %9s\n", "connections", "pipeline",
              "replies/s", "moves/s", "errors", "p50 us", "p90 us", "p99 us", "p99.9 us", "max us");
  std::printf("%-11u %9u %12.0f %12.0f %7llu %8.1f %8.1f %8.1f %9.1f %9.1f\n", o.connections,
              o.pipeline, figures["replies_per_s"].get<double>(),
              figures["moves_per_s"].get<double>(), static_cast<unsigned long long>(total.errors),
              h.percentile(50), h.percentile(90), h.percentile(99), h.percentile(99.9), h.max());
  std::printf("%s\n", figures.dump().c_str());
  if (!o.json_file.empty()) std::ofstream(o.json_file) << figures.dump(1) << "\n";
  if (total.connected < o.connections) {
    std::cerr << "ariadne-load: only " << total.connected << " of " << o.connections
              << " connections were made\n";
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run_load(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "ariadne-load: " << e.what() << "\n";
    return 2;
  }
}
