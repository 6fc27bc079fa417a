// ariadne-floor: the floor Ariadne's server is measured against. A minimal
// Beast WebSocket server that parses each text message with nlohmann/json and
// answers with a reply the size of a typical move `state`: no game, no limits,
// no logging. Whatever the real server costs beyond this is Ariadne's own.
// Usage: ariadne-floor PORT [THREADS]   (PORT 0 picks one and prints it)
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

// The size and shape of the real server's reply to a move.
const std::string reply_text =
    R"({"type":"state","run":1,"position":{"x":12,"y":7},"open":["N","S"],"treasure":false,"steps":1234,"bumps":56,"found":0,"treasures":1000,"moved":true})";

class session : public std::enable_shared_from_this<session> {
 public:
  explicit session(tcp::socket&& socket) : ws_(std::move(socket)) {}

  void run() {
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.async_accept(beast::bind_front_handler(&session::on_accept, shared_from_this()));
  }

 private:
  void on_accept(beast::error_code ec) {
    if (!ec) do_read();
  }
  void do_read() {
    ws_.async_read(buffer_, beast::bind_front_handler(&session::on_read, shared_from_this()));
  }
  void on_read(beast::error_code ec, std::size_t) {
    if (ec) return;
    const auto data = buffer_.cdata();
    const auto doc = nlohmann::json::parse(
        std::string_view(static_cast<const char*>(data.data()), data.size()), nullptr, false);
    buffer_.consume(buffer_.size());
    queue_.push_back(doc.is_discarded() ? std::string(R"({"type":"error"})") : reply_text);
    if (!writing_) do_write();
    do_read();
  }
  void do_write() {
    writing_ = true;
    ws_.text(true);
    ws_.async_write(net::buffer(queue_.front()),
                    beast::bind_front_handler(&session::on_write, shared_from_this()));
  }
  void on_write(beast::error_code ec, std::size_t) {
    if (ec) return;
    queue_.erase(queue_.begin());
    if (!queue_.empty()) return do_write();
    writing_ = false;
  }

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::vector<std::string> queue_;
  bool writing_ = false;
};

class listener : public std::enable_shared_from_this<listener> {
 public:
  listener(net::io_context& ioc, unsigned short port) : ioc_(ioc), acceptor_(ioc) {
    const tcp::endpoint endpoint(net::ip::make_address("127.0.0.1"), port);
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(net::socket_base::reuse_address(true));
    acceptor_.bind(endpoint);
    acceptor_.listen(net::socket_base::max_listen_connections);
  }
  unsigned short port() const { return acceptor_.local_endpoint().port(); }
  void run() {
    acceptor_.async_accept(net::make_strand(ioc_),
                           [self = shared_from_this()](beast::error_code ec, tcp::socket socket) {
                             if (!ec) std::make_shared<session>(std::move(socket))->run();
                             self->run();
                           });
  }

 private:
  net::io_context& ioc_;
  tcp::acceptor acceptor_;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: ariadne-floor PORT [THREADS]\n");
    return 2;
  }
  const auto port = static_cast<unsigned short>(std::stoi(argv[1]));
  const int threads = argc > 2 ? std::stoi(argv[2]) : 1;
  net::io_context ioc(threads);
  auto server = std::make_shared<listener>(ioc, port);
  std::printf("%u\n", server->port());
  std::fflush(stdout);
  server->run();
  net::signal_set signals(ioc, SIGINT, SIGTERM);
  signals.async_wait([&](beast::error_code, int) { ioc.stop(); });
  std::vector<std::thread> workers;
  for (int i = 1; i < threads; ++i)
    workers.emplace_back([&] { ioc.run(); });
  ioc.run();
  for (auto& w : workers)
    w.join();
  return 0;
}
