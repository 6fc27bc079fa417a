#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "server/competition/competition_opening.hpp"
#include "server/competition/results_mirror.hpp"
#include "server/competition/rules/competition_rules.hpp"
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
  // moved: the competitor's latest hello is on another server (its seat
  // there), and nothing is dealt here.
  enum class claim { claimed, taken, closed, moved, failed };
  using time_point = std::chrono::system_clock::time_point;

  // All of them outlive it (the hub stops the writer before it goes).
  attempt_claims(const competition_rules& rules, std::mutex& mutex, results_mirror& mirror,
                 store_writer& writer, const server_node& node,
                 std::function<bool(time_point)> closed, std::function<bool()> shared)
      : rules_(rules),
        mutex_(mutex),
        mirror_(mirror),
        writer_(writer),
        node_(node.name),
        boot_(node.boot),
        closed_(std::move(closed)),
        shared_(std::move(shared)) {}

  // See competition_hub::claim_start, read_back_now, give_back_attempt.
  void claim_start(const ranked_run_record& record, std::function<void(claim)> done);
  void read_back_now(std::int64_t competitor, std::string challenge, std::function<void()> done);
  void give_back_attempt(const ranked_run_record& record, std::function<void(bool)> done);
  // Hands a run in play here over to server `to` with its moves (its
  // competitor said hello there) and reads the competitor back;
  // done(handed) on the store thread: false when the store did not take it
  // (the run was given back meanwhile, or could not be written: then its
  // attempt is given back, as the store takes it).
  void hand_off(const ranked_run_record& record, std::string moves, std::string to,
                std::function<void(bool handed)> done);
  // On the leaderboard thread, from the store's runs just read: the runs
  // other servers handed to this one since the last call, each with its
  // moves, the competitor's runs read back. Each is returned once.
  std::vector<ranked_run_record> arrivals(results_store& reader,
                                          const std::vector<ranked_run_record>& runs);
  // On the leaderboard thread: the competitors whose run in play (of the
  // runs just read) is on another server that stopped beating
  // (node_silent_after): it will not come here before that server is known dead.
  std::vector<std::int64_t> stranded(results_store& reader,
                                     const std::vector<ranked_run_record>& in_play) const;
  // A run arrivals() returned that was not taken on: returned again next
  // time. The caller holds the hub's lock.
  void let_go_of(std::uint64_t run) { held_.erase(run); }
  // A run of this server's whose end is recorded: held no more, so that
  // the runs held are the runs in play (its row tells the rest).
  void ended(std::uint64_t run) { hold(run, false); }
  // The challenge of the competitor's run in play on another server among
  // its runs as the store has them ("" for none), if that server still
  // beats (node_silent_after): a run there may come here. On the store thread.
  std::string playing_elsewhere(results_store& store,
                                const std::vector<ranked_run_record>& runs) const;
  // See competition_hub::take_seat.
  void take_seat(std::int64_t competitor,
                 std::function<void(bool durable, const std::string& playing_elsewhere)> done);
  // On the store thread: a competitor's runs (on one challenge, or all) as
  // the store has them, into the mirror.
  // Returns the runs read.
  std::vector<ranked_run_record> read_back(results_store& store, std::int64_t competitor,
                                           std::string_view only);

 private:
  void hold(std::uint64_t run, bool held);
  // A run whose hand-off could not be written: its attempt given back in
  // the store, unless the run is no longer this server's in play there.
  void give_back_unhanded(const ranked_run_record& record);
  // The attempt of record given back in the store (only_ours_in_play: if
  // its run is still this server's in play there), the competitor read back.
  void give_back(const ranked_run_record& record, bool only_ours_in_play,
                 std::function<void(bool)> done);
  // On the store thread, under the competitor's lock: a maze of the
  // competitor's latest attempt (`latest`) in play on another server that
  // stopped beating (node_silent_after) is given back now, as that server's
  // death will give it back, so that a start here plays the attempt again
  // rather than deal the next one past it. Whether it was.
  bool give_back_stranded(results_store& store, const std::vector<ranked_run_record>& latest) const;
  // The lock a competitor's claim or seat takes when other servers share
  // the store (the store writer takes a batch's locks in one order).
  std::optional<std::int64_t> lock_key(std::int64_t competitor) const {
    return shared_() ? std::optional<std::int64_t>(competitor) : std::nullopt;
  }
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
  std::string boot_;
  std::function<bool(time_point)> closed_;
  std::function<bool()> shared_;  // other servers beat on the store
  // The runs this server holds in play, by number (claimed here or handed
  // here; let go of once their end is recorded or they are handed on): a run
  // in play of this node's that is not among them was handed here. Under mutex_.
  std::set<std::uint64_t> held_;
};

}  // namespace ariadne
