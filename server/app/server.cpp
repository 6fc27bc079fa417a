#include "server/app/server.hpp"

#include <spdlog/spdlog.h>
#include <sys/resource.h>

#include <algorithm>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <stdexcept>

#include "server/net/beast.hpp"
#include "server/app/client_session.hpp"
#include "server/net/listener.hpp"
#include "server/app/server_context.hpp"
#include "server/app/spectator_session.hpp"

namespace ariadne {

namespace {

// Descriptors kept for everything but connections: the listener, its spare,
// epoll, timers, the log, maze files.
constexpr rlim_t reserved_descriptors = 64;

// Makes room for config.max_connections, and the refusals beyond them, within
// the process's descriptor limit: raises the soft limit to the hard one when
// needed, and lowers max_connections when even that is short, so the server
// never runs out of descriptors before it refuses connections.
server_config fit_descriptors(server_config config) {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return config;
  const rlim_t wanted =
      config.max_connections + server_context::refusal_budget + reserved_descriptors;
  if (limit.rlim_cur < wanted && limit.rlim_cur < limit.rlim_max) {
    rlimit raised = limit;
    raised.rlim_cur = std::min(wanted, limit.rlim_max);
    if (::setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  if (limit.rlim_cur < wanted) {
    const rlim_t room = limit.rlim_cur > server_context::refusal_budget + reserved_descriptors
                            ? limit.rlim_cur - server_context::refusal_budget - reserved_descriptors
                            : 1;
    spdlog::warn("{} descriptors allowed: holding at most {} connections instead of {}",
                 limit.rlim_cur, room, config.max_connections);
    config.max_connections = static_cast<std::size_t>(room);
  }
  return config;
}

}  // namespace

server::server(server_config config, maze_catalog catalog)
    : context_(std::make_shared<server_context>(fit_descriptors(std::move(config)),
                                                std::move(catalog))) {
  const server_config& c = context_->config();
  // Drones play on /ws. The context owns its routes: a raw pointer cannot dangle.
  server_context* context = context_.get();
  context_->routes().add("/ws", [context](const connection_info& who) {
    return websocket_routes::outcome(std::make_unique<client_session>(
        *context, who.session, who.peer, who.address, std::chrono::steady_clock::now()));
  });
  context_->routes().add("/spectate/", [context](const connection_info& who) {
    return open_spectator(*context, who);
  });
  thread_count_ = c.threads != 0 ? c.threads : std::max(1U, std::thread::hardware_concurrency());
  ioc_ = std::make_unique<net::io_context>(static_cast<int>(thread_count_));
  error_code ec;
  const auto address = net::ip::make_address(c.bind, ec);
  if (ec) throw std::runtime_error("cannot listen on '" + c.bind + "': not an IP address");
  listener_ = std::make_shared<listener>(*ioc_, tcp::endpoint(address, c.port), context_, ec);
  if (ec) {
    throw std::runtime_error("cannot listen on " + c.bind + ":" + std::to_string(c.port) + ": " +
                             ec.message());
  }
  port_ = listener_->port();
}

server::~server() {
  stop();
}

unsigned short server::port() const {
  return port_;
}

void server::start() {
  const server_config& c = context_->config();
  listener_->run();
  threads_.reserve(thread_count_);
  for (unsigned i = 0; i < thread_count_; ++i)
    threads_.emplace_back([this] { ioc_->run(); });
  spdlog::info("ariadne-server {} listening on {}:{} ({} threads, {} named mazes)", ARIADNE_VERSION,
               c.bind, port(), thread_count_, context_->catalog().size());
}

void server::stop() {
  if (stopped_) return;
  stopped_ = true;
  listener_->stop();
  const auto grace = std::chrono::milliseconds(context_->config().shutdown_grace_ms);
  if (!threads_.empty() && !context_->close_all(grace)) {
    spdlog::warn("connections still open after {} ms; stopping anyway", grace.count());
  }
  // Set-up jobs post their answers to connections: finish them while the
  // I/O threads still run.
  context_->starts().stop();
  ioc_->stop();
  for (auto& thread : threads_)
    thread.join();
  threads_.clear();
  // Destroying the context destroys the handlers still pending, and with them
  // the sessions and sockets of peers that never answered the close.
  listener_.reset();
  ioc_.reset();
  spdlog::info("ariadne-server stopped");
}

}  // namespace ariadne
