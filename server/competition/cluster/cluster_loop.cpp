#include "server/competition/cluster/cluster_loop.hpp"

#include <spdlog/spdlog.h>

#include <memory>

#include "server/store/store_location.hpp"

namespace ariadne {

cluster_loop::cluster_loop(std::string db_path, node_presence& presence, ledger& books,
                           token_watch& tokens)
    : db_path_(std::move(db_path)),
      presence_(presence),
      books_(books),
      tokens_(tokens),
      thread_([this](const std::stop_token& stop) { loop(stop); }) {}

void cluster_loop::listen(cluster_events* events) {
  std::lock_guard lock(events_mutex_);
  events_ = events;
}

void cluster_loop::stop() {
  thread_.request_stop();
  if (thread_.joinable()) thread_.join();
}

void cluster_loop::nudge() {
  {
    std::lock_guard lock(mutex_);
    nudged_ = true;
  }
  wake_.notify_one();
}

void cluster_loop::loop(const std::stop_token& stop) {
  std::unique_ptr<results_store> reader;
  try {
    reader = open_store(parse_store_location(db_path_), store_access::read_only);
  } catch (const std::exception& e) {
    spdlog::error("cluster: {}", e.what());
  }
  bool failing = false;
  while (!stop.stop_requested()) {
    try {
      if (reader) look(*reader);
      if (failing) spdlog::warn("cluster: the store answers again");
      failing = false;
    } catch (const std::exception& e) {
      // Said once, not every second the store is out of reach.
      if (!failing) spdlog::error("cluster: {}", e.what());
      failing = true;
    }
    std::unique_lock lock(mutex_);
    wake_.wait_for(lock, stop, presence_.shared() ? shared_period : alone_period,
                   [this] { return nudged_; });
    nudged_ = false;
  }
}

void cluster_loop::look(results_store& reader) {
  const auto now = std::chrono::system_clock::now();
  presence_.keep_alive(!books_.schedule().closed(now));
  std::lock_guard lock(events_mutex_);
  if (events_ == nullptr) return;
  cluster_events& events = *events_;
  // A token rotated or revoked with ariadne-admin ends the connections that
  // said hello with it.
  const std::uint64_t hellos = tokens_.hellos();
  for (const std::int64_t competitor : tokens_.withdrawn(reader.competitors(), hellos))
    events.token_withdrawn(competitor);
  if (!presence_.shared()) return;
  const auto hellos_read_from = std::chrono::steady_clock::now();
  for (const hello_record& hello : presence_.hellos_elsewhere(reader))
    events.seat_moved(hello.competitor, hello.node, hellos_read_from);
  const std::vector<ranked_run_record> in_play = books_.stored_in_play();
  for (const ranked_run_record& run : arrivals(reader, in_play)) {
    if (!events.run_handed(run)) books_.release(run.run);
  }
  for (const std::int64_t competitor : presence_.stranded(reader, in_play))
    events.run_stranded(competitor);
}

std::vector<ranked_run_record> cluster_loop::arrivals(
    results_store& reader, const std::vector<ranked_run_record>& in_play) {
  std::vector<ranked_run_record> handed;
  // Held once read whole: a read that fails leaves it for the next look.
  for (const std::uint64_t number : books_.not_held(in_play)) {
    auto found = reader.run_by_number(number);
    if (!found || found->status != ranked_status::in_play || found->node != presence_.node().name) {
      continue;
    }
    books_.take_back(found->competitor, reader.runs_of(found->competitor), found->challenge);
    books_.hold(number);
    handed.push_back(std::move(*found));
  }
  return handed;
}

}  // namespace ariadne
