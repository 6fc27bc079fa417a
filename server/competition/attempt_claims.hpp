#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "server/competition/competition_rules.hpp"
#include "server/competition/results_mirror.hpp"
#include "server/store/results_store.hpp"
#include "server/store/store_writer.hpp"

namespace ariadne {

// The attempts a server deals, as the store settles them when other servers
// share it: each ranked start's maze claimed before it is played, a
// competitor's runs read back from the store into the mirror when this
// server's book may be behind, an attempt given back there. Its calls queue
// work for the store thread; the mirror is the hub's, under the hub's lock.
class attempt_claims {
 public:
  // taken: another server took the maze's deal, or the store shows the
  // competitor's attempts elsewhere than this server's book (it is read
  // back: deal again); closed: the competition closed before the claim.
  enum class claim { claimed, taken, closed, failed };
  using time_point = std::chrono::system_clock::time_point;

  // All of them outlive it (the hub stops the writer before it goes).
  attempt_claims(const competition_rules& rules, std::mutex& mutex, results_mirror& mirror,
                 store_writer& writer, std::string node, std::function<bool(time_point)> closed,
                 std::function<bool()> shared)
      : rules_(rules),
        mutex_(mutex),
        mirror_(mirror),
        writer_(writer),
        node_(std::move(node)),
        closed_(std::move(closed)),
        shared_(std::move(shared)) {}

  // See competition_hub::claim_start, read_back_now, give_back_attempt.
  void claim_start(const ranked_run_record& record, std::function<void(claim)> done);
  void read_back_now(std::int64_t competitor, std::string challenge, std::function<void()> done);
  void give_back_attempt(const ranked_run_record& record, std::function<void(bool)> done);
  // On the store thread: a competitor's runs (on one challenge, or all) as
  // the store has them, into the mirror.
  void read_back(results_store& store, std::int64_t competitor, std::string_view only);

 private:
  // True when the store's runs of the competitor deal this record's maze as
  // the next: the same attempt, and the set's next deal (or, for a new
  // attempt, a block of deals not used yet).
  bool dealt_as_stored(const ranked_run_record& record,
                       const std::vector<ranked_run_record>& stored) const;

  const competition_rules& rules_;
  std::mutex& mutex_;
  results_mirror& mirror_;
  store_writer& writer_;
  std::string node_;
  std::function<bool(time_point)> closed_;
  std::function<bool()> shared_;  // other servers beat on the store
};

}  // namespace ariadne
