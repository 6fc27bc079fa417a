#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/competition/cluster/node_presence.hpp"
#include "server/competition/ledger/ledger.hpp"
#include "server/competition/rules/competition_rules.hpp"
#include "server/store/results_store.hpp"
#include "server/store/store_writer.hpp"

namespace ariadne {

// The attempts a server deals, as the store settles them when other servers
// share it: each ranked start's maze claimed before it is played, its end
// written, a competitor's runs read back from the store into the ledger
// when this server's books may be behind, an attempt given back there, a
// run handed to another server. Its calls queue work for the store thread.
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
  attempt_claims(const competition_rules& rules, ledger& books, store_writer& writer,
                 const node_presence& presence)
      : rules_(rules), books_(books), writer_(writer), presence_(presence) {}

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
  // Writes an attempt's end; done(durable) on the store thread. The run is
  // held no more once that is durable (its row tells the rest). An end that
  // could not be written (its competitor is told it is not ranked) is owed:
  // its attempt is given back once the store answers (settle_owed).
  void record_end(const ranked_run_record& record, std::function<void(bool)> done);
  // Gives back the attempts of the ends owed, if the store answers and no
  // earlier give-back of them is still under way; called every second or
  // so (the leaderboard's rebuilds), for as long as it takes: nothing told
  // "not ranked" stays in play in the store, holding the reveal back.
  void settle_owed();
  std::size_t owed() const;
  // See competition_hub::record_hello.
  void record_hello(std::int64_t competitor,
                    std::function<void(bool durable, const std::string& playing_elsewhere)> done);
  // On the store thread: a competitor's runs (on one challenge, or all) as
  // the store has them, into the ledger. Returns the runs read.
  std::vector<ranked_run_record> read_back(results_store& store, std::int64_t competitor,
                                           std::string_view only);

 private:
  // A run whose hand-off could not be written: its attempt given back in
  // the store, unless the run is no longer this server's in play there.
  void give_back_unhanded(const ranked_run_record& record);
  // The attempt of record given back in the store (only_ours_in_play: if
  // its run is still this server's in play there), the competitor read back.
  // why: what the log says when only_ours_in_play gives it back.
  void give_back(const ranked_run_record& record, bool only_ours_in_play, std::string_view why,
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
    return presence_.shared() ? std::optional<std::int64_t>(competitor) : std::nullopt;
  }
  // True when the store's runs of the competitor deal this record's maze as
  // the next: the same attempt, and the set's next deal (or, for a new
  // attempt, a block of deals not used yet).
  bool dealt_as_stored(const ranked_run_record& record,
                       const std::vector<ranked_run_record>& stored) const;
  const std::string& node() const { return presence_.node().name; }

  const competition_rules& rules_;
  ledger& books_;
  store_writer& writer_;
  const node_presence& presence_;
  mutable std::mutex owed_mutex_;  // guards what follows
  std::vector<ranked_run_record> owed_;
  bool settling_ = false;
};

}  // namespace ariadne
