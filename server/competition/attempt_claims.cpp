#include "server/competition/attempt_claims.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <variant>

#include "core/model/utc_time.hpp"

namespace ariadne {

void attempt_claims::claim_start(const ranked_run_record& record, std::function<void(claim)> done) {
  auto outcome = std::make_shared<claim>(claim::failed);
  writer_.submit(
      [this, record, outcome](results_store& store) {
        // Run again after a commit whose answer was lost (the writer tries
        // a batch again): the row is there, this server's, so the claim
        // landed. Taken for another server's, it would deal again, and the
        // deal never shown would stay charged and in play.
        if (presence_.shared()) store.lock_competitor(record.competitor);
        if (const auto mine = store.run_by_number(record.run);
            mine && mine->node == node() && mine->competitor == record.competitor) {
          books_.hold(record.run);
          *outcome = claim::claimed;
          return;
        }
        // No maze is claimed once the competition has closed: the reveal of
        // every seed dealt waits only for the claims made before.
        if (books_.schedule().closed(std::chrono::system_clock::now())) {
          *outcome = claim::closed;
          return;
        }
        // With other servers on the store, the competitor's attempts as the
        // store has them, this server's book aside (no other server's claim
        // for it gets in between); alone, the book is the store's.
        bool fits = true;
        if (presence_.shared()) {
          // Its hello on another server came first: its run would be handed
          // there before it began.
          const auto hello = store.latest_hello_of(record.competitor);
          if (hello && (hello->node != node() || hello->boot != presence_.node().boot)) {
            *outcome = claim::moved;
            return;
          }
          auto latest = store.latest_attempt(record.competitor, record.challenge);
          if (give_back_stranded(store, latest)) {
            latest = store.latest_attempt(record.competitor, record.challenge);
          }
          fits = dealt_as_stored(record, latest);
        }
        // Held before it is written: the leaderboard thread's next read
        // must not take it for a run handed here.
        books_.hold(record.run);
        *outcome = fits && store.insert_run(record) ? claim::claimed : claim::taken;
        if (*outcome != claim::claimed) books_.release(record.run);
        if (*outcome == claim::taken) read_back(store, record.competitor, record.challenge);
      },
      [outcome, done = std::move(done)](bool durable) { done(durable ? *outcome : claim::failed); },
      lock_key(record.competitor));
}

bool attempt_claims::give_back_stranded(results_store& store,
                                        const std::vector<ranked_run_record>& latest) const {
  const auto it = std::find_if(latest.begin(), latest.end(), [this](const ranked_run_record& r) {
    return r.status == ranked_status::in_play && r.node != node();
  });
  if (it == latest.end()) return false;
  const std::int64_t now = unix_ms(std::chrono::system_clock::now());
  const auto beat = store.last_beat(it->node);
  if (beat && beat->seen_ms >= now - std::chrono::milliseconds(node_silent_after).count()) {
    return false;
  }
  store.interrupt_attempt(it->competitor, it->challenge, it->attempt, now);
  spdlog::warn(
      "run {} of '{}' ({} attempt {}) was in play on server '{}', silent for {} s: given back "
      "as its competitor starts again here, the attempt played again",
      it->run, it->competitor_name, it->challenge, it->attempt, it->node,
      node_silent_after.count());
  return true;
}

bool attempt_claims::dealt_as_stored(const ranked_run_record& record,
                                     const std::vector<ranked_run_record>& stored) const {
  const challenge* c = rules_.find(record.challenge);
  if (c == nullptr) return false;
  attempt_book book;
  for (const ranked_run_record& r : stored) {
    if (r.challenge == c->id) book.take_stored(r, c->mazes);
  }
  const auto next = book.deal({record.competitor, c->id}, c->attempts, c->mazes);
  const auto* d = std::get_if<attempt_book::dealt>(&next);
  if (d == nullptr || d->attempt != record.attempt) return false;
  // A new attempt may skip deals this server gave back unplayed (never shown).
  const std::uint32_t mazes = std::max<std::uint32_t>(c->mazes, 1);
  return d->new_attempt ? record.deal >= d->deal && (record.deal - 1) % mazes == 0
                        : record.deal == d->deal;
}

std::vector<ranked_run_record> attempt_claims::read_back(results_store& store,
                                                         std::int64_t competitor,
                                                         std::string_view only) {
  auto theirs = store.runs_of(competitor);
  books_.take_back(competitor, theirs, only);
  return theirs;
}

void attempt_claims::hand_off(const ranked_run_record& record, std::string moves, std::string to,
                              std::function<void(bool)> done) {
  auto handed = std::make_shared<bool>(false);
  writer_.submit(
      [this, record, moves = std::move(moves), to = std::move(to), handed](results_store& store) {
        if (presence_.shared()) store.lock_competitor(record.competitor);
        // Run again after a commit whose answer was lost: handed already.
        const auto row = store.run_by_number(record.run);
        *handed = store.hand_off_run(record.run, node(), to, moves) ||
                  (row && row->node == to && row->status == ranked_status::in_play);
        read_back(store, record.competitor, record.challenge);
      },
      // No longer held once that is durable: a write rolled back leaves the
      // run this server's, never one to take back from its stale moves.
      [this, record, handed, done = std::move(done)](bool durable) {
        if (durable && *handed) books_.release(record.run);
        if (!durable) give_back_unhanded(record);
        done(durable && *handed);
      },
      lock_key(record.competitor));
}

void attempt_claims::give_back_unhanded(const ranked_run_record& record) {
  give_back(record, true, "its hand-over to another server could not be written",
            [this, record](bool durable) {
              if (durable) {
                books_.release(record.run);
              } else {
                spdlog::error(
                    "run {} of '{}' ({}): neither handed over nor given back (the database did not "
                    "take either): in play here until this server restarts",
                    record.run, record.competitor_name, record.challenge);
              }
            });
}

void attempt_claims::record_hello(std::int64_t competitor,
                                  std::function<void(bool, const std::string&)> done) {
  auto elsewhere = std::make_shared<std::string>();
  writer_.submit(
      [this, competitor, elsewhere](results_store& store) {
        const bool shared = presence_.shared();
        if (shared) store.lock_competitor(competitor);
        store.record_hello({competitor, node(), presence_.node().boot},
                           unix_ms(std::chrono::system_clock::now()));
        if (!shared) return;
        *elsewhere = presence_.playing_elsewhere(store, read_back(store, competitor, {}));
      },
      [elsewhere, done = std::move(done)](bool durable) {
        done(durable, durable ? *elsewhere : std::string());
      },
      lock_key(competitor));
}

void attempt_claims::read_back_now(std::int64_t competitor, std::string challenge,
                                   std::function<void()> done) {
  if (!presence_.shared()) {
    writer_.read([this, competitor,
                  challenge](results_store& store) { read_back(store, competitor, challenge); },
                 [done = std::move(done)](bool) { done(); });
    return;
  }
  // A maze of a set in play on a server now silent refuses the set's next
  // start: given back here at once, as a claim gives back a single maze,
  // not when a living server gives back the dead one's runs.
  writer_.submit(
      [this, competitor, challenge](results_store& store) {
        store.lock_competitor(competitor);
        give_back_stranded(store, store.latest_attempt(competitor, challenge));
        read_back(store, competitor, challenge);
      },
      [done = std::move(done)](bool) { done(); }, lock_key(competitor));
}

void attempt_claims::give_back_attempt(const ranked_run_record& record,
                                       std::function<void(bool)> done) {
  give_back(record, false, {}, std::move(done));
}

void attempt_claims::give_back(const ranked_run_record& record, bool only_ours_in_play,
                               std::string_view why, std::function<void(bool)> done) {
  const auto now = unix_ms(std::chrono::system_clock::now());
  writer_.submit(
      [this, record, now, only_ours_in_play, why = std::string(why)](results_store& store) {
        // Not between another server's claim's reading of the attempt and
        // its write of the attempt's next maze.
        if (presence_.shared()) store.lock_competitor(record.competitor);
        // A hand-off may have landed after all (its answer lost with the
        // connection): then the run is the other server's.
        const auto row = only_ours_in_play ? store.run_by_number(record.run) : std::nullopt;
        if (!only_ours_in_play ||
            (row && row->status == ranked_status::in_play && row->node == node())) {
          store.interrupt_attempt(record.competitor, record.challenge, record.attempt, now);
          if (only_ours_in_play) {
            spdlog::warn("run {} of '{}' ({}): {}: given back, the attempt played again",
                         record.run, record.competitor_name, record.challenge, why);
          }
        }
        read_back(store, record.competitor, record.challenge);
      },
      std::move(done), lock_key(record.competitor));
}

void attempt_claims::record_end(const ranked_run_record& record, std::function<void(bool)> done) {
  writer_.submit([record](results_store& store) { store.finish_run(record); },
                 [this, record, done = std::move(done)](bool durable) {
                   if (durable) {
                     books_.release(record.run);
                   } else {
                     std::lock_guard lock(owed_mutex_);
                     owed_.push_back(record);
                   }
                   if (done) done(durable);
                 });
}

void attempt_claims::settle_owed() {
  std::vector<ranked_run_record> now;
  {
    std::lock_guard lock(owed_mutex_);
    if (settling_ || owed_.empty() || !writer_.reachable()) return;
    settling_ = true;
    now = owed_;
  }
  auto left = std::make_shared<std::size_t>(now.size());  // on the store thread only
  for (const ranked_run_record& record : now) {
    give_back(record, true,
              "its end could not be written (its competitor was told it is not "
              "ranked)",
              [this, run = record.run, left](bool durable) {
                std::lock_guard lock(owed_mutex_);
                if (durable) {
                  books_.release(run);
                  std::erase_if(owed_, [run](const ranked_run_record& r) { return r.run == run; });
                }
                if (--*left == 0) settling_ = false;
              });
  }
}

std::size_t attempt_claims::owed() const {
  std::lock_guard lock(owed_mutex_);
  return owed_.size();
}

}  // namespace ariadne
