#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/model/request_error.hpp"
#include "core/model/run_request.hpp"
#include "core/model/run_result.hpp"
#include "protocol/messages.hpp"
#include "server/competition/attempt_claims.hpp"
#include "server/competition/board_builder.hpp"
#include "server/competition/cluster/cluster_events.hpp"
#include "server/competition/cluster/cluster_loop.hpp"
#include "server/competition/cluster/node_presence.hpp"
#include "server/competition/cluster/token_watch.hpp"
#include "server/competition/competition_events.hpp"
#include "server/competition/competition_opening.hpp"
#include "server/competition/leaderboard_cache.hpp"
#include "server/competition/ledger/ledger.hpp"
#include "server/competition/rules/competition_rules.hpp"
#include "server/competition/rules/competition_schedule.hpp"
#include "server/competition/rules/competitor_names.hpp"
#include "server/store/results_store.hpp"
#include "server/store/store_writer.hpp"

namespace ariadne {

// A server's competition, what its sessions and routes use: the rules of its
// file, the secret its seeds come from, what every competitor has used and
// achieved (the ledger, in memory, so that no I/O thread waits on the
// database), and the store behind it, written by one store_writer thread.
// Three threads of its own, each with its own read connection: the
// store_writer's, the leaderboard's (leaderboard_cache, board_builder: the
// published documents, after each write and every second, at most five
// times a second) and the cluster's (cluster_loop: the heartbeat and what
// other servers on the store do to this one's connections). Thread-safe.
class competition_hub : private cluster_events {
 public:
  using time_point = competition_rules::time_point;

  // Opens (creates) the database, takes the secret from secret_file or the
  // database (creating one on the first start), refuses a file that changes
  // a challenge which already has runs, and gives back the attempts a crash
  // interrupted. Throws competition_error or store_error.
  competition_hub(competition_rules rules, const std::string& db_path,
                  const std::string& secret_file = {}, server_node node = {});
  ~competition_hub() override;

  competition_hub(const competition_hub&) = delete;
  competition_hub& operator=(const competition_hub&) = delete;

  const competition_rules& rules() const { return rules_; }
  // When it opens and closes (the file's times or the organizer's), and
  // what the organizer announces.
  competition_schedule schedule() const;
  std::optional<time_point> closes_at() const;

  // Who is told what the store says of this server's connections
  // (nullptr: nobody, as at first). Set to nullptr before the listener
  // goes: it returns once nothing tells it any more.
  void listen(competition_events* events);
  // Looks a token up on the store thread; done runs there, with whether the
  // store answered (false: it could not be read, the token is neither right
  // nor wrong), the competitor or nullopt (unknown or revoked), and with
  // other servers on the store the challenge of its run in play on another
  // one ("" for none: a hello that would bring it here is charged first).
  using authorized_fn = std::function<void(bool answered, std::optional<competitor_record>,
                                           const std::string& playing_elsewhere)>;
  void authorize(std::string token, authorized_fn done);
  // The competitor's hello here is its latest: the store's seat becomes
  // this server's, and the other servers' connections of it let go. With
  // other servers on the store, under the competitor's lock: a claim there
  // either came first (done is then told the challenge of that run in play
  // elsewhere, which comes here: on_run_handed) or sees the seat moved and
  // deals nothing. done(durable, playing_elsewhere) on the store thread.
  void record_hello(std::int64_t competitor,
                    std::function<void(bool durable, const std::string& playing_elsewhere)> done) {
    claims_->record_hello(competitor, std::move(done));
  }
  // What a login or a ranked start is told while the store does not answer.
  static request_error store_busy();
  // Blocks until the store has no job queued or running: at a stop, before
  // the connections that lookups and writes answer go with their I/O
  // context (store_writer::wait_idle).
  void wait_for_store() { writer_->wait_idle(); }
  // Store jobs queued or running: a result's write and the reply that
  // waits for it among them.
  std::size_t store_backlog() const { return writer_->backlog(); }
  // False while the store does not answer (an outage; writes wait).
  bool store_reachable() const { return writer_->reachable(); }

  // What a competitor's welcome shows.
  protocol::competition_info info_for(std::int64_t competitor) const;
  std::vector<protocol::challenge_info> challenges_for(std::int64_t competitor) const;

  // A maze dealt to a competitor: the request to set up (with its seed)
  // and the run's record.
  struct attempt {
    run_request request;
    ranked_run_record record;
  };
  // Deals the competitor's next maze on a challenge: the next of its
  // attempt's set while one is under way, else the first of a new attempt,
  // counted at once; or says why not (unknown_challenge, no_attempts_left,
  // run_active, competition_not_open, competition_closed).
  std::variant<attempt, request_error> open_attempt(const competitor_record& who,
                                                    std::string_view challenge, time_point now);
  // A maze that could not be set up (the server was busy): not played, and
  // when it was its attempt's first, the attempt is not counted.
  void give_back(const ranked_run_record& record);
  // Where a ranked run stands in its attempt's set; with its result, whether
  // the set ends there, and then the attempt's mazes found and mark.
  set_position position_of(const ranked_run_record& record, const run_result* result) const;
  // Claims an attempt's maze in the store, as it starts: several servers on
  // one store may deal the same maze at once, and only one of them plays
  // it. done runs on the store thread once the claim is durable (claimed),
  // found taken (the competitor's mazes are then read back from the store,
  // and a start dealt again sees them), or could not be written (failed).
  using claim = attempt_claims::claim;
  void claim_start(const ranked_run_record& record, std::function<void(claim)> done) {
    claims_->claim_start(record, std::move(done));
  }
  // Reads a competitor's runs on a challenge back from the store (another
  // server may have dealt or given back some), with other servers on the
  // store after giving back its attempt in play on a server silent for
  // node_silent_after; done on the store thread.
  void read_back_now(std::int64_t competitor, std::string challenge, std::function<void()> done) {
    claims_->read_back_now(competitor, std::move(challenge), std::move(done));
  }
  // Gives a ranked run's whole attempt back in the store, as a crash does (a
  // maze claimed whose start found no one, a competitor gone to another
  // server), and reads the competitor's runs back; done(durable) on the
  // store thread.
  void give_back_attempt(const ranked_run_record& record, std::function<void(bool)> done) {
    claims_->give_back_attempt(record, std::move(done));
  }
  // Hands a run in play here to server `to` (its competitor said hello
  // there), with its moves; done(handed) on the store thread.
  void hand_off(const ranked_run_record& record, std::string moves, std::string to,
                std::function<void(bool)> done) {
    claims_->hand_off(record, std::move(moves), std::move(to), std::move(done));
  }
  // The record of an attempt's end, from its run's result.
  static ranked_run_record ended(ranked_run_record record, const run_result& result,
                                 time_point now) {
    return ended_run(std::move(record), result, now);
  }
  // Writes an attempt's end and counts it; done(durable) on the store thread.
  void record_end(const ranked_run_record& record, std::function<void(bool)> done);
  // done runs once every write submitted before has been tried (each write's
  // own done says whether it landed).
  void after_writes(std::function<void(bool)> done);

  // True when name is a competitor's (ASCII case aside): a player without
  // its token may not show under it in /api/runs or on the pages.
  bool is_competitor_name(std::string_view name) const { return competitor_names_.contains(name); }
  // What the cache publishes: GET /api/leaderboard, /api/leaderboard.csv,
  // /api/leaderboard/history and /api/competition (the challenges, and
  // once closed every seed dealt, of runs that have ended).
  leaderboard_cache::documents published() const { return board_->current(); }
  // Blocks until the cache reflects every write made so far (tests, admin).
  void refresh_leaderboard_now();
  // The same, built now.
  std::string build_competition_json(time_point now) const {
    return competition_json(rules_, secret_, *books_, now);
  }
  // True while a challenge is played on the named maze: until the close it
  // is neither listed nor open to practice starts.
  bool reserves_maze(std::string_view name, time_point now) const;
  // True once the mazes of ended ranked runs may be shown (replays, the end
  // of a spectator stream): after the close, with no ranked run left in play
  // (with shared seeds, an ended run's maze may be a live run's too).
  bool reveals_ranked_runs(time_point now) const;
  // The first of the run numbers this server claimed as it started (a block
  // of run_number_block), so a ranked run's number (its replay's address)
  // is never reused, nor another server's.
  std::uint64_t first_run_number() const { return first_run_number_; }
  // This server's name among those on the store (--node), and whether
  // another living server shares the store now.
  const std::string& node_name() const { return presence_->node().name; }
  bool shared() const { return presence_->shared(); }
  // Claims the next block of run numbers on the store thread: done(first)
  // there, or done(nullopt) when the store could not be written.
  void claim_run_numbers(std::function<void(std::optional<std::uint64_t> first)> done) {
    presence_->claim_run_numbers(std::move(done));
  }
  // This server's /api/runs for the other servers (a JSON array of rows;
  // nullptr: none), and theirs, as they last published them.
  using runs_source = std::function<std::string()>;
  void publish_runs_from(runs_source source) { presence_->runs().set_source(std::move(source)); }
  std::shared_ptr<const std::vector<peer_run>> peer_runs() const {
    return presence_->runs().peers();
  }
  // At most this many runs of one server reach the others' lists.
  static constexpr std::size_t most_published = cluster_runs::most_published;
  // Reads a ranked run with its moves on the store thread; done is called
  // there (it must only hand the answer on).
  void find_ranked_run(std::uint64_t run,
                       std::function<void(std::optional<ranked_run_record>)> done);
  // The start request a ranked run was dealt (its challenge's, with its
  // deal's seed), or nullopt for a challenge no longer in the file.
  std::optional<run_request> dealt_request(const ranked_run_record& record) const;
  // Where the results are, as logs may show it (without a password).
  const std::string& store_shown() const { return store_shown_; }
  // One line for the startup log: the name, the state with its times, the
  // challenges, the competitors, the announcement.
  std::string summary(time_point now) const;
  // The ranked runs that ended before this server started, the latest
  // (at most results_mirror::earlier_kept) last: the run lists show them
  // after a restart, which forgets the runs in memory. With `only`, that
  // run alone (if it is kept).
  std::vector<ranked_run_record> earlier_runs(std::optional<std::uint64_t> only = {}) const;
  // Prometheus lines: ranked runs by status, store commit latency.
  std::string metrics_text() const;

 private:
  // cluster_events, passed on to the listener.
  void seat_moved(std::int64_t competitor, const std::string& node,
                  std::chrono::steady_clock::time_point read_from) override {
    listener_->seat_moved(competitor, node, read_from);
  }
  bool run_handed(const ranked_run_record& run) override { return listener_->run_handed(run); }
  void run_stranded(std::int64_t competitor) override { listener_->run_stranded(competitor); }
  void token_withdrawn(std::int64_t competitor) override { listener_->token_withdrawn(competitor); }

  competition_rules rules_;
  std::string secret_;
  std::string store_shown_;
  std::uint64_t first_run_number_ = 1;
  competitor_names competitor_names_;  // its own lock
  token_watch tokens_;                 // its own lock
  std::unique_ptr<ledger> books_;
  competition_events* listener_ = nullptr;  // set while the cluster loop tells this

  // Before the writer: the writer's commits call it, until the writer is gone.
  std::unique_ptr<leaderboard_cache> board_;
  std::unique_ptr<store_writer> writer_;
  std::unique_ptr<node_presence> presence_;
  std::unique_ptr<attempt_claims> claims_;
  std::unique_ptr<cluster_loop> cluster_;
  std::unique_ptr<board_builder> builder_;
};

}  // namespace ariadne
