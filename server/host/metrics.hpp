#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>

#include "core/model/errc.hpp"
#include "core/model/run_status.hpp"

namespace ariadne {

class address_budgets;
class memory_budget;
struct transport_stats;

// Server-wide counters, exported in the Prometheus text format on /metrics
// with the transport's and the budgets' figures. Updated with relaxed
// atomics from every I/O thread.
class metrics {
 public:
  static constexpr std::array<double, 11> latency_buckets_us = {5,   10,   25,   50,   100,  250,
                                                                500, 1000, 2500, 5000, 10000};

  std::atomic<std::uint64_t> messages{0};
  std::atomic<std::uint64_t> moves{0};
  std::atomic<std::uint64_t> runs_started{0};
  std::atomic<std::uint64_t> starts_deferred{0};  // set up on the job pool
  // Ranked runs that followed their competitor to another server, and those
  // that came here from one.
  std::atomic<std::uint64_t> runs_handed_out{0};
  std::atomic<std::uint64_t> runs_handed_in{0};

  void count_error(errc code) {
    errors_[static_cast<std::size_t>(code)].fetch_add(1, std::memory_order_relaxed);
  }
  // A run that ended with status (never active).
  void count_finished(run_status status) {
    runs_finished_[static_cast<std::size_t>(status)].fetch_add(1, std::memory_order_relaxed);
  }
  // Time to handle one move, path or sense message.
  void observe_move_latency(std::chrono::nanoseconds elapsed);

  std::uint64_t errors(errc code) const {
    return errors_[static_cast<std::size_t>(code)].load(std::memory_order_relaxed);
  }
  std::uint64_t runs_finished(run_status status) const {
    return runs_finished_[static_cast<std::size_t>(status)].load(std::memory_order_relaxed);
  }

  // What else /metrics shows: runs in play, and the transport's counters
  // (zero until a transport is watched). Set up before the server starts.
  void watch(const address_budgets& budgets) { budgets_ = &budgets; }
  void watch(const transport_stats& net) { net_ = &net; }
  void watch(const memory_budget& memory) { memory_ = &memory; }

  std::string prometheus_text() const;

 private:
  std::array<std::atomic<std::uint64_t>, errc_names.size> errors_{};
  std::array<std::atomic<std::uint64_t>, run_status_names.size> runs_finished_{};
  std::array<std::atomic<std::uint64_t>, latency_buckets_us.size() + 1> latency_{};
  std::atomic<std::uint64_t> latency_sum_ns_{0};
  const address_budgets* budgets_ = nullptr;
  const transport_stats* net_ = nullptr;
  const memory_budget* memory_ = nullptr;
};

}  // namespace ariadne
