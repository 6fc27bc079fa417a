#include "server/competition/cluster/node_presence.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <memory>

#include "core/model/utc_time.hpp"

namespace ariadne {

void node_presence::keep_alive(bool whole_attempts) {
  runs_->digest();
  const auto now = std::chrono::steady_clock::now();
  if (now - last_beat_ < std::chrono::seconds(1)) return;
  last_beat_ = now;
  // Built here, off the store thread; only while another server reads it.
  std::string document = shared() ? runs_->local() : std::string();
  // The commit wakes the leaderboard thread, which sees a change of living_
  // at once. The time is read as the job runs, not as it was queued.
  writer_.submit([node = node_, whole_attempts, living = living_, reach = reach_, runs = runs_,
                  document = std::move(document)](results_store& store) {
    const std::int64_t wall = unix_ms(std::chrono::system_clock::now());
    const std::int64_t dead_after = std::chrono::milliseconds(node_dead_after).count();
    // Back after a while out of the store's reach: the others' beats could
    // not be written either, and nobody is taken for dead until they could.
    if (wall - reach->last_ms > 3000) reach->since_ms = wall;
    reach->last_ms = wall;
    store.beat(node.name, node.boot, wall);
    const std::size_t servers = store.living_nodes(wall - dead_after).size();
    living->store(servers, std::memory_order_release);
    if (!document.empty()) store.publish_runs(node.name, wall, document);
    runs->received(servers > 1 ? store.published_runs(node.name, wall - dead_after, runs->known())
                               : std::vector<published_runs_record>());
    if (wall - reach->since_ms < dead_after) return;
    const std::size_t given_back =
        store.interrupt_in_play(wall, whole_attempts, "", wall - dead_after);
    if (given_back > 0) {
      spdlog::warn(
          "{} ranked run(s) of a server that stopped beating {} s ago were in play (or were "
          "the mazes before them of their attempt's set): recorded as interrupted, their "
          "attempts given back",
          given_back, node_dead_after.count());
    }
  });
}

std::vector<hello_record> node_presence::hellos_elsewhere(results_store& reader) const {
  std::vector<hello_record> moved;
  for (hello_record& s : reader.latest_hellos()) {
    if (s.node != node_.name || s.boot != node_.boot) moved.push_back(std::move(s));
  }
  return moved;
}

std::string node_presence::prometheus_text() const {
  return "# HELP ariadne_store_nodes Servers beating on the competition's store, this one "
         "included.\n# TYPE ariadne_store_nodes gauge\nariadne_store_nodes " +
         std::to_string(living_->load(std::memory_order_acquire)) + "\n";
}

std::string node_presence::playing_elsewhere(results_store& store,
                                             const std::vector<ranked_run_record>& runs) const {
  const auto it = std::find_if(runs.begin(), runs.end(), [this](const ranked_run_record& r) {
    return r.status == ranked_status::in_play && r.node != node_.name;
  });
  if (it == runs.end()) return {};
  const auto beat = store.last_beat(it->node);
  const std::int64_t silent_since = unix_ms(std::chrono::system_clock::now()) -
                                    std::chrono::milliseconds(node_silent_after).count();
  return beat && beat->seen_ms >= silent_since ? it->challenge : std::string();
}

std::vector<std::int64_t> node_presence::stranded(
    results_store& reader, const std::vector<ranked_run_record>& in_play) const {
  std::vector<std::int64_t> competitors;
  if (in_play.empty()) return competitors;
  const auto beating = reader.living_nodes(unix_ms(std::chrono::system_clock::now()) -
                                           std::chrono::milliseconds(node_silent_after).count());
  for (const ranked_run_record& r : in_play) {
    if (r.node != node_.name && std::find(beating.begin(), beating.end(), r.node) == beating.end())
      competitors.push_back(r.competitor);
  }
  return competitors;
}

void node_presence::claim_run_numbers(std::function<void(std::optional<std::uint64_t>)> done) {
  auto first = std::make_shared<std::uint64_t>(0);
  writer_.submit(
      [first](results_store& store) { *first = store.claim_run_numbers(run_number_block); },
      [first, done = std::move(done)](bool durable) {
        done(durable ? std::optional<std::uint64_t>(*first) : std::nullopt);
      });
}

}  // namespace ariadne
