#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>

#include "core/play/drone_game.hpp"
#include "server/competition/competition_hub.hpp"
#include "server/competition/records/records.hpp"
#include "server/host/run_host.hpp"
#include "server/host/run_slot.hpp"
#include "server/live/run_feed.hpp"

namespace ariadne {

// A competitor's ranked run while no connection holds it: between a dropped
// connection and a takeover, or on its way from a replaced connection to
// the new one.
struct parked_run {
  drone_game game;  // the run, in play
  run_slot slot;
  std::shared_ptr<run_feed> feed;
  ranked_run_record record;
};

// One live connection per competitor. A connection that says hello with a
// competitor's token claims the competitor's seat: a connection holding it
// is asked to let go (it hands over its ranked run in play and closes with
// 1008 "replaced"), and the claimer gets that run. A run whose connection
// dropped waits --resume-seconds for its competitor, then ends as abandoned.
// Nothing else can take a run over: the seat is keyed by the competitor
// whose token was checked. Thread-safe; the callbacks must only post work
// to a connection's strand: they run under the lock.
class competitor_seats {
 public:
  using clock = std::chrono::steady_clock;
  // Gets the competitor's run in play, if any, once the seat is the claimer's.
  using handover = std::function<void(std::optional<parked_run>)>;
  // Why a holder is asked to let go: a newer connection here, its token
  // withdrawn (evict), or its competitor's newer hello on another server
  // sharing the store (moved_elsewhere).
  enum class let_go_reason { replaced, withdrawn, moved };
  using let_go_fn = std::function<void(let_go_reason)>;
  // How long a hello waits for its competitor's run in play on another
  // server to be handed over (that server sees the hello within about a
  // second).
  static constexpr std::chrono::seconds handoff_wait{8};

  // Parked runs are dropped unrecorded when the seats go: they stay in play
  // in the store, and the next start gives their attempts back (interrupted),
  // unless a graceful stop gave them back first (give_back_parked).
  // Both outlive it.
  competitor_seats(run_host& host, competition_hub& hub, std::chrono::seconds resume_window);

  competitor_seats(const competitor_seats&) = delete;
  competitor_seats& operator=(const competitor_seats&) = delete;

  // Connection `key` claims the competitor's seat. `let_go` is how another
  // claimer asks this one to let go (it must then call leave); `then` gets
  // the run once the seat is this connection's. A claimer still waiting
  // when a newer one comes gets then(nullopt) and superseded() is true.
  // With awaits_until, the competitor's run in play on another server is on
  // its way (arrive): a claimer that gets the seat gets then() once it has
  // come, or then(nullopt) at awaits_until.
  void claim(std::int64_t competitor, std::uint64_t key, let_go_fn let_go, handover then,
             std::optional<clock::time_point> awaits_until = std::nullopt);
  // Connection `key` lets go of the seat, with its ranked run in play (handed
  // to a waiting claimer, or parked) or none.
  void leave(std::int64_t competitor, std::uint64_t key, std::optional<parked_run> run);
  // True when a connection here waits for the competitor's seat.
  bool claimed_here(std::int64_t competitor) const;
  // True when connection `key` is not the competitor's seat holder.
  bool superseded(std::int64_t competitor, std::uint64_t key) const;
  // Runs parked now.
  std::size_t parked() const;
  // A graceful stop: every parked run's attempt is given back in the store
  // (interrupted), its competitor free to play it again elsewhere at once.
  void give_back_parked();
  // The competitor's token was withdrawn: its connection lets go of the
  // seat (its run is parked) and closes.
  void evict(std::int64_t competitor);
  // The store has the seat of holder `key`, or of the claimer waiting for
  // the holder to let go (its hello is the competitor's latest, as far as
  // other servers can tell).
  void hello_recorded(std::int64_t competitor, std::uint64_t key);
  // The competitor said hello on server `node` after its holder here had
  // its seat recorded: the holder lets go (its ranked run in play is handed
  // over there), and a run parked here is handed over.
  // Judged by a reading of the store's seats begun at read_from.
  void moved_elsewhere(std::int64_t competitor, const std::string& node,
                       clock::time_point read_from);
  // The competitor's run in play is on a server that stopped beating: a
  // claimer awaiting it waits no more (welcomed without it).
  void stop_awaiting(std::int64_t competitor);
  // The server the competitor went to ("" when it did not).
  std::string moved_to(std::int64_t competitor) const;
  // A run whose competitor went to server `to`: handed over there in the
  // store with its moves (given back when they are more than the feed
  // keeps, or there is no other server to go to); done(durable) on the
  // store thread.
  void hand_off(parked_run run, const std::string& to, std::function<void(bool)> done);
  // A run handed here by another server (rebuilt, handed_runs): to the
  // competitor's claimer awaiting it, else parked for the resume window;
  // with a holder that did not await it (the competitor started it there
  // while saying hello here), ended as abandoned.
  void arrive(parked_run run);

 private:
  struct claimer {
    std::uint64_t key = 0;
    handover then;
    std::optional<clock::time_point> awaits_until{};  // its run comes from another server
    // Its seat the store's already (written before the holder let go).
    std::optional<clock::time_point> recorded_at{};
  };
  struct seat {
    std::uint64_t holder = 0;  // 0: nobody
    bool recorded = false;     // the holder's seat is the store's
    clock::time_point recorded_at;
    let_go_fn let_go;          // the holder's
    let_go_fn pending_let_go;  // the waiting claimer's, once it holds
    std::optional<claimer> waiting;
    std::optional<parked_run> parked;
    clock::time_point parked_until;
    std::optional<claimer> awaiting;  // the holder, until its run arrives
    std::string moved_to;             // the server of the competitor's latest hello
  };
  void reap_loop(const std::stop_token& stop);
  // Ends a parked run whose window passed: abandoned (or timeout, past its
  // time limit), recorded, let go.
  void abandon(parked_run run);
  // When a run parked now stops waiting for its competitor.
  clock::time_point parked_until(const parked_run& run) const;

  run_host& host_;
  competition_hub& hub_;
  std::chrono::seconds window_;
  mutable std::mutex mutex_;
  std::condition_variable_any wake_;
  bool changed_ = false;  // a seat changed since the reaper last looked
  std::map<std::int64_t, seat> seats_;
  std::jthread reaper_;  // last: it stops, and is joined, first
};

}  // namespace ariadne
