#include "server/net/transport.hpp"

#include <spdlog/spdlog.h>
#include <sys/resource.h>

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <stdexcept>

#include "server/net/beast.hpp"
#include "server/net/heap_trimmer.hpp"
#include "server/net/listener.hpp"
#include "server/net/transport_context.hpp"

namespace ariadne {

namespace {

// Descriptors kept for everything but connections: the listener, its spare,
// epoll, timers, the log, maze files, the database.
constexpr rlim_t reserved_descriptors = 64;

// Makes room for config.max_connections, and the refusals beyond them, within
// the process's descriptor limit: raises the soft limit to the hard one when
// needed, and lowers max_connections when even that is short, so the server
// never runs out of descriptors before it refuses connections.
transport_config fit_descriptors(transport_config config) {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return config;
  constexpr rlim_t spare = connection_admission::refusal_budget + reserved_descriptors;
  const rlim_t wanted = config.max_connections + spare;
  if (limit.rlim_cur < wanted && limit.rlim_cur < limit.rlim_max) {
    rlimit raised = limit;
    raised.rlim_cur = std::min(wanted, limit.rlim_max);
    if (::setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  if (limit.rlim_cur < wanted) {
    const rlim_t room = limit.rlim_cur > spare ? limit.rlim_cur - spare : 1;
    spdlog::warn("{} descriptors allowed: holding at most {} connections instead of {}",
                 limit.rlim_cur, room, config.max_connections);
    config.max_connections = static_cast<std::size_t>(room);
  }
  return config;
}

}  // namespace

transport::transport(transport_config config, std::string server_name)
    : context_(std::make_shared<transport_context>(fit_descriptors(std::move(config)),
                                                   std::move(server_name))) {
  const transport_config& c = context_->config();
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

transport::~transport() {
  stop();
}

const transport_config& transport::config() const {
  return context_->config();
}

bool transport::secure() const {
  return context_->certificates() != nullptr;
}

std::optional<std::string> transport::reload_certificates() {
  if (auto* certificates = context_->certificates()) return certificates->reload();
  return "the server has no TLS certificate";
}

void transport::start() {
  listener_->run();
  if (context_->certificates() != nullptr) {
    trimmer_ = std::make_unique<heap_trimmer>(*ioc_, context_->stats());
    trimmer_->start();
  }
  threads_.reserve(thread_count_);
  for (unsigned i = 0; i < thread_count_; ++i)
    threads_.emplace_back([this] { ioc_->run(); });
}

void transport::wake_connections() {
  context_->connections().wake_all();
}

void transport::close_connections() {
  if (closed_) return;
  closed_ = true;
  listener_->stop();
  context_->admission().stop();
  const auto grace = std::chrono::milliseconds(context_->config().shutdown_grace_ms);
  if (!context_->connections().close_all(threads_.empty() ? std::chrono::milliseconds(0) : grace) &&
      !threads_.empty()) {
    spdlog::warn("connections still open after {} ms; stopping anyway", grace.count());
  }
}

void transport::halt() {
  if (stopped_) return;
  close_connections();
  ioc_->stop();
  for (auto& thread : threads_)
    thread.join();
  threads_.clear();
}

void transport::stop() {
  if (stopped_) return;
  halt();
  stopped_ = true;
  // Before the io_context it waits on; no handler runs any more.
  trimmer_.reset();
  // Destroying the io_context destroys the handlers still pending, and with
  // them the sessions and sockets of peers that never answered the close.
  listener_.reset();
  ioc_.reset();
}

}  // namespace ariadne
