#include "server/host/metrics.hpp"

#include <sstream>

#include "server/host/address_budgets.hpp"
#include "server/host/memory_budget.hpp"
#include "server/net/transport_stats.hpp"

namespace ariadne {

void metrics::observe_move_latency(std::chrono::nanoseconds elapsed) {
  const double us = static_cast<double>(elapsed.count()) / 1000.0;
  std::size_t bucket = 0;
  while (bucket < latency_buckets_us.size() && us > latency_buckets_us[bucket])
    ++bucket;
  latency_[bucket].fetch_add(1, std::memory_order_relaxed);
  latency_sum_ns_.fetch_add(static_cast<std::uint64_t>(elapsed.count()), std::memory_order_relaxed);
}

std::string metrics::prometheus_text() const {
  std::ostringstream out;
  auto counter = [&](const char* name, const char* help, std::uint64_t value) {
    out << "# HELP " << name << " " << help << "\n# TYPE " << name << " counter\n"
        << name << " " << value << "\n";
  };
  auto gauge = [&](const char* name, const char* help, std::int64_t value) {
    out << "# HELP " << name << " " << help << "\n# TYPE " << name << " gauge\n"
        << name << " " << value << "\n";
  };
  const auto relaxed = std::memory_order_relaxed;
  const transport_stats none;
  const transport_stats& net = net_ != nullptr ? *net_ : none;
  gauge("ariadne_connections", "WebSocket connections open now",
        net.connections_open.load(relaxed));
  counter("ariadne_connections_total", "WebSocket connections accepted",
          net.connections_total.load(relaxed));
  counter("ariadne_connections_refused_total",
          "WebSocket upgrades refused (503, or 429 past an address's share)",
          net.connections_refused.load(relaxed));
  counter("ariadne_http_requests_total", "Plain HTTP requests served",
          net.http_requests.load(relaxed));
  counter("ariadne_tls_handshakes_total", "TLS handshakes completed",
          net.tls_handshakes.load(relaxed));
  counter("ariadne_tls_handshakes_failed_total",
          "TLS handshakes that failed or did not finish in time",
          net.tls_handshakes_failed.load(relaxed));
  counter("ariadne_messages_total", "Client messages received", messages.load(relaxed));
  counter("ariadne_moves_total", "Moves attempted (steps plus bumps)", moves.load(relaxed));
  gauge("ariadne_runs_active", "Runs in play now",
        budgets_ != nullptr ? static_cast<std::int64_t>(budgets_->runs_in_play()) : 0);
  counter("ariadne_runs_started_total", "Runs started", runs_started.load(relaxed));
  counter("ariadne_starts_deferred_total", "Starts set up on the job pool, off the I/O threads",
          starts_deferred.load(relaxed));
  counter("ariadne_runs_handed_out_total",
          "Ranked runs handed over to another server sharing the store (their competitor went "
          "there)",
          runs_handed_out.load(relaxed));
  counter("ariadne_runs_handed_in_total",
          "Ranked runs another server handed over here, set up again from their moves",
          runs_handed_in.load(relaxed));

  out << "# HELP ariadne_runs_finished_total Runs ended, by result status\n"
      << "# TYPE ariadne_runs_finished_total counter\n";
  for (std::size_t i = 0; i < runs_finished_.size(); ++i) {
    const auto status = static_cast<run_status>(i);
    if (status == run_status::active) continue;
    out << "ariadne_runs_finished_total{status=\"" << to_string(status) << "\"} "
        << runs_finished_[i].load(relaxed) << "\n";
  }
  out << "# HELP ariadne_errors_total Error replies, by code\n"
      << "# TYPE ariadne_errors_total counter\n";
  for (std::size_t i = 0; i < errors_.size(); ++i) {
    out << "ariadne_errors_total{code=\"" << to_string(static_cast<errc>(i)) << "\"} "
        << errors_[i].load(relaxed) << "\n";
  }
  if (memory_ != nullptr) {
    out << "# HELP ariadne_memory_held_bytes Memory held for clients, by use\n"
        << "# TYPE ariadne_memory_held_bytes gauge\n";
    for (std::size_t i = 0; i < memory_budget::use_names.size(); ++i) {
      if (!memory_budget::shown(static_cast<memory_budget::use>(i))) continue;
      out << "ariadne_memory_held_bytes{use=\"" << memory_budget::use_names[i] << "\"} "
          << memory_->held(static_cast<memory_budget::use>(i)) << "\n";
    }
    gauge("ariadne_memory_limit_bytes", "The memory budget for clients in all",
          static_cast<std::int64_t>(memory_->limit().total));
  }
  out << "# HELP ariadne_move_seconds Time to handle a move, path or sense message\n"
      << "# TYPE ariadne_move_seconds histogram\n";
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i < latency_buckets_us.size(); ++i) {
    cumulative += latency_[i].load(relaxed);
    out << "ariadne_move_seconds_bucket{le=\"" << latency_buckets_us[i] / 1e6 << "\"} "
        << cumulative << "\n";
  }
  cumulative += latency_.back().load(relaxed);
  out << "ariadne_move_seconds_bucket{le=\"+Inf\"} " << cumulative << "\n"
      << "ariadne_move_seconds_sum " << static_cast<double>(latency_sum_ns_.load(relaxed)) / 1e9
      << "\n"
      << "ariadne_move_seconds_count " << cumulative << "\n";
  return out.str();
}

}  // namespace ariadne
