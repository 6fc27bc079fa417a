#include "server/net/heap_trimmer.hpp"

#include <chrono>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace ariadne {

namespace {

std::uint64_t handshakes_ended(const transport_stats& stats) {
  return stats.tls_handshakes.load(std::memory_order_relaxed) +
         stats.tls_handshakes_failed.load(std::memory_order_relaxed);
}

}  // namespace

heap_trimmer::heap_trimmer(boost::asio::io_context& ioc, const transport_stats& stats)
    : timer_(ioc), stats_(stats) {}

void heap_trimmer::start() {
  handshakes_seen_ = handshakes_ended(stats_);
  do_wait();
}

void heap_trimmer::stop() {
  timer_.cancel();
}

void heap_trimmer::do_wait() {
  timer_.expires_after(std::chrono::seconds(1));
  timer_.async_wait([this](boost::system::error_code ec) { on_wait(ec); });
}

void heap_trimmer::on_wait(boost::system::error_code ec) {
  if (ec) return;
  const std::uint64_t now = handshakes_ended(stats_);
  if (now != handshakes_seen_) {
    handshakes_seen_ = now;
#if defined(__GLIBC__)
    ::malloc_trim(0);
#endif
  }
  do_wait();
}

}  // namespace ariadne
