#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/model/utc_time.hpp"
#include "server/competition/cluster/cluster_runs.hpp"
#include "server/store/results_store.hpp"
#include "server/store/store_writer.hpp"

namespace ariadne {

// Which server this is, among those sharing a store: its name (--node,
// the same across its restarts) and this start's boot id.
struct server_node {
  std::string name = "local";
  std::string boot;
};

// A server beats every second; one whose last beat is older than this is
// dead, and any living server gives its runs in play back.
inline constexpr std::chrono::seconds node_dead_after{12};
// One whose last beat is older than this has stopped beating (dead, or out
// of the store's reach): a hello elsewhere does not wait for its runs, which
// come back only when it is known dead. Well above a beat's period and the
// servers' clock skew: a run of a server that was only slow, arriving after
// its competitor was welcomed without it, ends as abandoned.
inline constexpr std::chrono::seconds node_silent_after{6};
// Run numbers a server claims at a time (a start claims a block, half of it
// used claims the next): no two servers on one store number a run alike.
inline constexpr std::uint64_t run_number_block = 1'000'000;

// This server's presence in a store that other servers may share: its
// heartbeat once a second, the runs in play of servers known dead given
// back (node_dead_after), blocks of run numbers claimed, and while it shares
// the store, its run list published and the others' read (runs()). Its calls only
// queue work for the store thread. Not thread-safe: one caller (the
// leaderboard thread) for keep_alive.
class node_presence {
 public:
  // The writer outlives it.
  node_presence(server_node node, store_writer& writer, std::size_t living)
      : node_(std::move(node)),
        writer_(writer),
        last_beat_(std::chrono::steady_clock::now()),
        living_(std::make_shared<std::atomic<std::size_t>>(living)) {
    // open_competition beat and gave dead servers' runs back just now.
    const std::int64_t now = unix_ms(std::chrono::system_clock::now());
    reach_->last_ms = now;
    reach_->since_ms = now - std::chrono::milliseconds(node_dead_after).count();
  }

  const server_node& node() const { return node_; }
  // True while another living server shares the store (as of the last beat).
  bool shared() const { return living_->load(std::memory_order_acquire) > 1; }
  // Prometheus lines: the servers beating on the store, this one included.
  std::string prometheus_text() const;
  // As often as the caller likes: beats (and gives dead servers' runs
  // back, with their whole attempts unless not whole_attempts) once a second.
  void keep_alive(bool whole_attempts);
  // The cluster's runs: this server's for the others, theirs for /api/runs.
  cluster_runs& runs() { return *runs_; }
  const cluster_runs& runs() const { return *runs_; }
  // The competitors whose latest hello, as the store says, was on another
  // server (or an earlier start of this one).
  std::vector<hello_record> hellos_elsewhere(results_store& reader) const;
  // The challenge of the competitor's run in play on another server among
  // its runs as the store has them ("" for none), if that server still
  // beats (node_silent_after): a run there may come here. On the store thread.
  std::string playing_elsewhere(results_store& store,
                                const std::vector<ranked_run_record>& runs) const;
  // The competitors whose run in play (among in_play, as the store has
  // them) is on another server that stopped beating (node_silent_after): it
  // will not come here before that server is known dead.
  std::vector<std::int64_t> stranded(results_store& reader,
                                     const std::vector<ranked_run_record>& in_play) const;
  // Claims the next block of run numbers on the store thread: done(first)
  // there, or done(nullopt) when the store could not be written.
  void claim_run_numbers(std::function<void(std::optional<std::uint64_t> first)> done);

 private:
  server_node node_;
  store_writer& writer_;
  std::chrono::steady_clock::time_point last_beat_;  // open_competition beat
  // Set by the store thread's jobs, which may outlive this.
  std::shared_ptr<std::atomic<std::size_t>> living_;
  // The store thread's own: when a beat last ran, and since when they have
  // run without a gap (Unix ms).
  struct reach {
    std::int64_t last_ms = 0;
    std::int64_t since_ms = 0;
  };
  std::shared_ptr<reach> reach_ = std::make_shared<reach>();
  std::shared_ptr<cluster_runs> runs_ = std::make_shared<cluster_runs>();
};

}  // namespace ariadne
