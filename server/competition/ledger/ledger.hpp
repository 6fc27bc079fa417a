#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/model/request_error.hpp"
#include "core/model/run_result.hpp"
#include "server/competition/ledger/results_mirror.hpp"
#include "server/competition/rules/attempt_book.hpp"
#include "server/competition/rules/competition_rules.hpp"
#include "server/competition/rules/competition_schedule.hpp"
#include "server/competition/rules/leaderboard.hpp"

namespace ariadne {

class applied_marks;

// What a server knows of its competition's results, kept in memory so that
// no I/O thread waits on the database, under one lock that only it takes:
// the schedule in force, this server's books, the store's books as last
// read, and the runs this server holds in play. Thread-safe.
//
// Which books are true when:
// - This server's books (results_mirror) deal its starts and tell a
//   competitor its attempts left, its marks and its place in a set; they
//   count the ranked runs /metrics shows and keep the runs that ended
//   before this server started. Alone on the store they are the store's.
//   With other servers on it, each claim of a maze checks them against the
//   store first, and a competitor's runs are read back into them
//   (take_back) wherever the store may know more: a claim found taken, a
//   hello, a hand-over, a give-back.
// - The store's books, as the leaderboard thread last read them once
//   another server shared the store (show_stored), are what every server
//   shows alike: the attempts on the leaderboard, the seeds revealed after
//   the close, the runs in play anywhere (which keep every ranked run
//   hidden until they end).
class ledger {
 public:
  using time_point = std::chrono::system_clock::time_point;
  using key = attempt_book::key;

  // `books`: the store's runs as the server starts (results_mirror::of).
  ledger(const competition_rules& rules, std::string node, results_mirror books,
         competition_schedule schedule);

  ledger(const ledger&) = delete;
  ledger& operator=(const ledger&) = delete;

  competition_schedule schedule() const;
  // The organizer changed the schedule; with `reset_runs` (the results were
  // reset: every result deleted) this server's books start over from them.
  void set_schedule(competition_schedule fresh,
                    const std::vector<ranked_run_record>* reset_runs = nullptr);

  // A competitor said hello: its name, as the books show it.
  void saw(std::int64_t competitor, const std::string& name);

  // The next maze for a competitor on a challenge (attempt_book::deal), and
  // the resets the seed is dealt after; or why not (the schedule, the book).
  struct dealing {
    attempt_book::dealt dealt;
    std::uint32_t resets = 0;
  };
  std::variant<dealing, request_error> deal(const competitor_record& who, const challenge& c,
                                            time_point now);
  // A maze dealt and never played (never claimed in the store).
  void give_back(const ranked_run_record& record);
  // A ranked run's end, counted in the books before the store has it.
  void record_end(const ranked_run_record& record);
  // The mazes of a run's attempt that ended, its own (ended with `result`) among them.
  std::vector<maze_played> mazes_of(const ranked_run_record& record,
                                    const run_result& result) const;
  // What a competitor's list of challenges shows of one.
  struct standing {
    std::uint32_t used = 0;
    std::optional<std::uint32_t> next_maze;  // while a set is under way, before the close
    std::optional<challenge_mark> mark;      // once played
  };
  standing standing_of(std::int64_t competitor, const challenge& c, time_point now) const;
  // One competitor's runs as the store has them now, on every challenge or
  // `only` one, into this server's books (another server dealt some).
  void take_back(std::int64_t competitor, const std::vector<ranked_run_record>& runs,
                 std::string_view only = {});

  // The runs this server holds in play, by number: claimed here, or handed
  // here, until their end is recorded or they are handed on. A run in play
  // of this server's in the store that it does not hold was handed to it.
  void hold(std::uint64_t run);
  void release(std::uint64_t run);
  // Among `runs` (read from the store), the numbers of those in play on this
  // server that it does not hold.
  std::vector<std::uint64_t> not_held(const std::vector<ranked_run_record>& runs) const;

  // The leaderboard thread, once other servers share the store: the store's
  // books as just read (their marks are that thread's), read at `read_at`,
  // with the runs in play on any server.
  void show_stored(results_mirror stored, std::vector<ranked_run_record> in_play,
                   time_point read_at);
  // The store's runs in play on any server, as last shown (none before).
  std::vector<ranked_run_record> stored_in_play() const;
  // This server's marks, copied for the leaderboard (applied_marks::take).
  void copy_marks(applied_marks& into) const;
  // The attempts used (ended or in play) of every competitor on every
  // challenge, and the ranked runs ended: from the store's books once
  // shown, else from this server's.
  struct attempt_counts {
    std::map<key, std::uint32_t> used;
    std::size_t ranked = 0;
  };
  attempt_counts counts() const;

  // True once the mazes of ended ranked runs may be shown: after the close,
  // with no ranked run left in play here, nor (with other servers) in the
  // store once every start dealt before the close had the time to be claimed.
  bool reveals(time_point now) const;
  // What /api/competition shows: the schedule, and once closed the books of
  // every maze dealt (every server's, with others on the store) and the names.
  struct shown_books {
    competition_schedule schedule;
    attempt_book book;
    std::map<std::int64_t, std::string> names;
  };
  shown_books books_shown(time_point now) const;
  // The runs that ended before this server started (results_mirror::earlier_of).
  std::vector<ranked_run_record> earlier(std::optional<std::uint64_t> only = {}) const;
  // Prometheus lines: the ranked runs this server counts, by status.
  std::string tally_text() const;

  // A start dealt before the close has this long to be claimed in the store.
  static constexpr std::chrono::seconds claims_settle{2};

 private:
  const competition_rules& rules_;
  const std::string node_;
  mutable std::mutex mutex_;  // guards what follows
  competition_schedule schedule_;
  results_mirror mine_;
  std::optional<results_mirror> stored_;  // the store's books (no marks), once shown
  std::vector<ranked_run_record> stored_in_play_;
  time_point stored_at_{};
  std::set<std::uint64_t> held_;
};

}  // namespace ariadne
