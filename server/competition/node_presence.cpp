#include "server/competition/node_presence.hpp"

#include <spdlog/spdlog.h>

#include <memory>

#include "core/model/utc_time.hpp"

namespace ariadne {

void node_presence::keep_alive(bool whole_attempts) {
  const auto now = std::chrono::steady_clock::now();
  if (now - last_beat_ < std::chrono::seconds(1)) return;
  last_beat_ = now;
  const auto wall = std::chrono::system_clock::now();
  // The commit wakes the leaderboard thread, which sees a change of living_ at once.
  writer_.submit([node = node_, whole_attempts, wall, living = living_](results_store& store) {
    store.beat(node.name, node.boot, unix_ms(wall));
    living->store(store.living_nodes(unix_ms(wall - node_dead_after)).size(),
                  std::memory_order_release);
    const std::size_t given_back =
        store.interrupt_in_play(unix_ms(wall), whole_attempts, "", unix_ms(wall - node_dead_after));
    if (given_back > 0) {
      spdlog::warn(
          "{} ranked run(s) of a server that stopped beating {} s ago were in play (or were "
          "the mazes before them of their attempt's set): recorded as interrupted, their "
          "attempts given back",
          given_back, node_dead_after.count());
    }
  });
}

std::string node_presence::prometheus_text() const {
  return "# HELP ariadne_store_nodes Servers beating on the competition's store, this one "
         "included.\n# TYPE ariadne_store_nodes gauge\nariadne_store_nodes " +
         std::to_string(living_->load(std::memory_order_acquire)) + "\n";
}

void node_presence::claim_run_numbers(std::function<void(std::uint64_t)> done) {
  auto first = std::make_shared<std::uint64_t>(0);
  writer_.submit(
      [first](results_store& store) { *first = store.claim_run_numbers(run_number_block); },
      [first, done = std::move(done)](bool durable) {
        if (durable) done(*first);
      });
}

}  // namespace ariadne
