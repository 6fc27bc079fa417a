#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "server/competition/cluster/cluster_events.hpp"
#include "server/competition/cluster/node_presence.hpp"
#include "server/competition/cluster/token_watch.hpp"
#include "server/competition/ledger/ledger.hpp"
#include "server/store/results_store.hpp"

namespace ariadne {

// This server among the others on its competition's store, on a thread of
// its own with its own read connection: its heartbeat (node_presence), and
// what the store says that concerns its connections (cluster_events): the
// competitors whose latest hello was elsewhere, the runs other servers
// handed here, the runs stranded on a server that stopped beating, the
// tokens withdrawn. It looks every second alone on the store, every
// 400 ms with other servers on it, and at once when nudged (the leaderboard
// thread read the store's runs). Thread-safe.
class cluster_loop {
 public:
  static constexpr std::chrono::milliseconds alone_period{1000};
  static constexpr std::chrono::milliseconds shared_period{400};

  // Starts the thread. All of them outlive it.
  cluster_loop(std::string db_path, node_presence& presence, ledger& books, token_watch& tokens);
  ~cluster_loop() { stop(); }

  cluster_loop(const cluster_loop&) = delete;
  cluster_loop& operator=(const cluster_loop&) = delete;

  // Who is told what the store says from now on (nullptr: nobody, as at
  // first). Returns once no look is telling the one before.
  void listen(cluster_events* events);
  // Stops and joins the thread.
  void stop();
  // Looks again now.
  void nudge();

 private:
  void loop(const std::stop_token& stop);
  void look(results_store& reader);
  // The runs other servers handed here since the last look, each read whole
  // (with its moves) and held, the competitor's runs read back.
  std::vector<ranked_run_record> arrivals(results_store& reader,
                                          const std::vector<ranked_run_record>& in_play);

  std::string db_path_;
  node_presence& presence_;
  ledger& books_;
  token_watch& tokens_;
  std::mutex mutex_;  // guards nudged_
  std::condition_variable_any wake_;
  bool nudged_ = false;
  std::mutex events_mutex_;  // held while events_ is told
  cluster_events* events_ = nullptr;
  std::jthread thread_;  // last: it stops, and is joined, first
};

}  // namespace ariadne
