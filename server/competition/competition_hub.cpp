#include "server/competition/competition_hub.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "core/model/run_result.hpp"
#include "core/model/run_status.hpp"
#include "server/competition/rules/competition_document.hpp"
#include "server/competition/rules/leaderboard_documents.hpp"
#include "server/competition/rules/secrets.hpp"
#include "server/store/store_error.hpp"

namespace ariadne {

competition_hub::competition_hub(competition_rules rules, const std::string& db_path,
                                 const std::string& secret_file, server_node node)
    : rules_(std::move(rules)) {
  opened_competition opened = open_competition(rules_, db_path, secret_file, node);
  secret_ = std::move(opened.secret);
  schedule_ = opened.schedule;
  std::unique_ptr<results_store>& store = opened.store;
  // The database as it now stands (the runs in play are other servers').
  mirror_ = results_mirror::of(store->runs(), rules_, node.name);
  first_run_number_ = opened.first_run_number;
  board_ = std::make_unique<leaderboard_cache>(
      db_path, [this](results_store& reader) { return rebuild_leaderboard(reader); });
  writer_ = std::make_unique<store_writer>(std::move(store), [this] { board_->written(); });
  claims_ = std::make_unique<attempt_claims>(
      rules_, mutex_, mirror_, *writer_, node,
      [this](time_point now) { return schedule().closed(now); },
      [this] { return presence_->shared(); });
  presence_ = std::make_unique<node_presence>(std::move(node), *writer_, opened.living);
  board_->refresh_now();
}

void competition_hub::take_schedule(results_store& reader) {
  const auto read = schedule_reader_.read(reader);
  // Only this thread writes the schedule: it cannot change before the write below.
  if (!read || *read == schedule()) return;
  const competition_schedule& fresh = *read;
  // After a reset (every result deleted, a closed competition, nothing in
  // play) the attempts start over, on mazes dealt from another secret.
  const bool reset = fresh.resets != schedule().resets;
  const auto runs = reset ? reader.runs() : std::vector<ranked_run_record>();
  std::lock_guard lock(mutex_);
  log_changes(schedule_, fresh);
  if (reset) mirror_ = results_mirror::of(runs, rules_);
  schedule_ = std::move(fresh);
}

competition_schedule competition_hub::schedule() const {
  std::lock_guard lock(mutex_);
  return schedule_;
}

std::optional<competition_hub::time_point> competition_hub::closes_at() const {
  std::lock_guard lock(mutex_);
  return schedule_.closes_at;
}

request_error competition_hub::store_busy() {
  return {errc::server_busy,
          "the competition's results store does not answer just now; try again shortly"};
}

competition_hub::~competition_hub() {
  board_->stop();   // its rebuilds use the writer (heartbeats)
  writer_.reset();  // every queued write lands first
  board_.reset();
}

void competition_hub::authorize(std::string token, authorized_fn done) {
  if (!writer_->reachable()) {
    done(false, std::nullopt, {});
    return;
  }
  auto found = std::make_shared<std::optional<competitor_record>>();
  auto elsewhere = std::make_shared<std::string>();
  const std::string hash = token_hash(token);
  writer_->read_now(
      [this, found, elsewhere, hash](results_store& store) {
        *found = store.competitor_by_token(hash);
        // The competitor may have played on another server since.
        if (*found && presence_->shared()) {
          *elsewhere =
              claims_->playing_elsewhere(store, claims_->read_back(store, (*found)->id, {}));
        }
      },
      [this, found, elsewhere, done = std::move(done)](bool answered) {
        if (answered && *found) {
          tokens_.used(**found);
          std::lock_guard lock(mutex_);
          mirror_.names[(*found)->id] = (*found)->name;
        }
        done(answered, answered ? *found : std::nullopt, answered ? *elsewhere : std::string());
      });
}

std::vector<protocol::challenge_info> competition_hub::challenges_for(
    std::int64_t competitor) const {
  std::vector<protocol::challenge_info> list;
  std::vector<std::optional<challenge_mark>> marks;  // copied under the lock, marked after it
  {
    std::lock_guard lock(mutex_);
    const bool closed = schedule_.closed(std::chrono::system_clock::now());
    for (const challenge& c : rules_.challenges) {
      protocol::challenge_info info;
      info.id = c.id;
      info.width = c.width;
      info.height = c.height;
      info.treasures = c.request.treasures.value_or(1);
      info.max_steps = c.request.max_steps;
      info.time_limit_ms = c.request.time_limit_ms;
      info.weight = c.weight;
      info.attempts = c.attempts;
      const std::uint32_t used = mirror_.book.used({competitor, c.id});
      info.attempts_left = c.attempts > used ? c.attempts - used : 0;
      // After the close no set goes on: its next start is refused.
      if (!closed) info.next_maze = mirror_.book.next_maze({competitor, c.id});
      info.mazes = c.mazes;
      info.keep = std::string(to_string(c.keep));
      const auto mark = mirror_.marks.find({competitor, c.id});
      marks.emplace_back();
      if (mark != mirror_.marks.end() && !mark->second.played.empty()) marks.back() = mark->second;
      list.push_back(std::move(info));
    }
  }
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (!marks[i]) continue;
    apply_rule(*marks[i], rules_.challenges[i].scoring());
    list[i].best = marks[i]->best.ratio;
    list[i].mark = marks[i]->mark;
  }
  return list;
}

protocol::competition_info competition_hub::info_for(std::int64_t competitor) const {
  protocol::competition_info info;
  info.name = rules_.name;
  const competition_schedule s = schedule();
  if (s.opens_at) info.opens_at = format_time(*s.opens_at);
  if (s.closes_at) info.closes_at = format_time(*s.closes_at);
  if (!s.announcement.empty()) info.announcement = s.announcement;
  info.challenges = challenges_for(competitor);
  return info;
}

std::variant<competition_hub::attempt, request_error> competition_hub::open_attempt(
    const competitor_record& who, std::string_view challenge_id, time_point now) {
  const challenge* c = rules_.find(challenge_id);
  if (c == nullptr) return rules_.unknown(challenge_id);
  // An attempt whose start cannot be written is not counted or dealt.
  if (!writer_->reachable()) return store_busy();
  attempt a;
  std::string secret;
  {
    std::lock_guard lock(mutex_);
    if (schedule_.not_yet_open(now)) {
      return request_error{errc::competition_not_open,
                           "the competition opens at " + format_time(*schedule_.opens_at)};
    }
    if (schedule_.closed(now)) {
      return request_error{errc::competition_closed,
                           "the competition closed at " + format_time(*schedule_.closes_at)};
    }
    auto dealt = mirror_.book.deal({who.id, c->id}, c->attempts, c->mazes);
    if (auto* problem = std::get_if<request_error>(&dealt)) return std::move(*problem);
    const auto& d = std::get<attempt_book::dealt>(dealt);
    mirror_.names[who.id] = who.name;
    a.record.deal = d.deal;
    a.record.attempt = d.attempt;
    secret = secret_after_resets(secret_, schedule_.resets);
  }
  a.record.competitor = who.id;
  a.record.competitor_name = who.name;
  a.record.challenge = c->id;
  a.record.node = presence_->node().name;
  a.record.status = ranked_status::in_play;
  a.record.treasures = c->request.treasures.value_or(1);
  a.record.started_at_ms = unix_ms(now);
  a.request = c->request;
  a.request.maze.seed = deal_seed(
      secret, c->id, a.record.deal,
      rules_.seeds == seed_mode::per_competitor ? std::string_view(who.name) : std::string_view());
  return a;
}

void competition_hub::give_back(const ranked_run_record& record) {
  std::lock_guard lock(mutex_);
  mirror_.book.give_back({record.competitor, record.challenge}, record.deal);
}

set_position competition_hub::position_of(const ranked_run_record& record,
                                          const run_result* result) const {
  const challenge* c = rules_.find(record.challenge);
  set_position p;
  p.attempt = record.attempt;
  p.mazes = c != nullptr ? c->mazes : 1;
  p.maze = attempt_book::maze_of(record, p.mazes);
  if (result == nullptr) return p;
  p.ended = attempt_book::set_ends_with(p.maze, p.mazes, ranked_status_of(result->status));
  if (!*p.ended || c == nullptr) return p;
  std::vector<maze_outcome> mazes;
  {
    std::lock_guard lock(mutex_);
    mazes = mirror_.mazes_of(record, *result);
  }
  p.found = static_cast<std::uint32_t>(
      std::count_if(mazes.begin(), mazes.end(), [](const maze_outcome& m) { return m.found; }));
  p.mark = attempt_mark(c->mark, mazes, c->mazes, c->move_budget());
  return p;
}

void competition_hub::record_end(const ranked_run_record& record, std::function<void(bool)> done) {
  {
    std::lock_guard lock(mutex_);
    take_result(mirror_.marks[{record.competitor, record.challenge}], record);
    mirror_.book.ended({record.competitor, record.challenge}, record.deal, record.status);
    mirror_.tally.count(record.status);
  }
  writer_->submit([record](results_store& store) { store.finish_run(record); },
                  [this, run = record.run, done = std::move(done)](bool durable) {
                    if (durable) claims_->ended(run);
                    if (done) done(durable);
                  });
}

void competition_hub::after_writes(std::function<void(bool)> done) {
  // A read: it waits for the writes before it without a transaction of its own.
  writer_->read([](results_store&) {}, std::move(done));
}

leaderboard_cache::documents competition_hub::rebuild_leaderboard(results_store& reader) {
  const auto challenges = challenge_records(rules_);
  // Alone on its store, a server ranks from the marks kept in memory (a
  // rebuild costs competitors x challenges, whatever the number of runs)
  // and reads only the competitor list (ariadne-admin changes it). Once
  // another server has shared the store, it ranks from the store's runs:
  // every server then shows the same.
  take_schedule(reader);
  presence_->keep_alive(!schedule().closed(std::chrono::system_clock::now()));
  const std::uint64_t hellos = tokens_.hellos();
  const auto competitors = reader.competitors();
  // Other servers' results are not written here: read often enough that
  // every server shows each within a second.
  if (presence_->shared() && !board_from_store_) board_->set_period(std::chrono::milliseconds(400));
  board_from_store_ = board_from_store_ || presence_->shared();
  std::unique_ptr<results_mirror> stored;
  if (board_from_store_) {
    // Only the runs written since the last reading (all again after a reset).
    const std::uint32_t resets = schedule().resets;
    store_view_.read(reader, resets != store_view_resets_);
    store_view_resets_ = resets;
    // What the other threads ask of it; the marks stay this thread's.
    stored = std::make_unique<results_mirror>();
    stored->book = store_view_.mirror().book;
    stored->names = store_view_.mirror().names;
    stored->tally = store_view_.mirror().tally;
  }
  const auto seats_read_from = std::chrono::steady_clock::now();
  const auto moved =
      board_from_store_ ? presence_->seats_elsewhere(reader) : std::vector<seat_record>();
  const auto in_play = board_from_store_ ? store_view_.in_play() : std::vector<ranked_run_record>();
  const auto arrived = claims_->arrivals(reader, in_play);
  const auto stranded = claims_->stranded(reader, in_play);
  const auto read_at = std::chrono::system_clock::now();
  if (stored) applied_.take(store_view_.mirror().marks);  // this thread's: before the lock
  std::map<attempt_book::key, std::uint32_t> used;        // attempts ended or in play
  std::size_t ranked = 0;
  competitor_names_.replace(competitors);
  {
    std::lock_guard lock(mutex_);
    const results_mirror& m = stored ? *stored : mirror_;
    if (!stored) applied_.take(mirror_.marks);
    m.book.for_each_tally([&used](const attempt_book::key& k, std::uint32_t, std::uint32_t n) {
      used.emplace(k, n);
    });
    ranked = m.tally.ranked();
    if (stored) {
      stored_ = std::move(stored);
      stored_at_ = read_at;
    }
    if (board_from_store_ && seat_moved_) {
      for (const seat_record& seat : moved)
        seat_moved_(seat.competitor, seat.node, seats_read_from);
    }
    for (const ranked_run_record& run : arrived) {
      if (!run_handed_ || !run_handed_(run)) claims_->let_go_of(run.run);
    }
    for (const std::int64_t competitor : stranded)
      if (run_stranded_) run_stranded_(competitor);
  }
  // A token rotated or revoked with ariadne-admin ends the connections that
  // said hello with it.
  tokens_.check(competitors, hellos);
  applied_.apply(used);
  const auto now = std::chrono::system_clock::now();
  // With shared seeds a best run's figures would tell the others a deal's
  // treasure distance: they wait until the close has no ranked run left in
  // play (as the replays do), and until then marks are shown rounded.
  const bool revealed = reveals_ranked_runs(now);
  const bool details = rules_.seeds == seed_mode::per_competitor || revealed;
  const auto rows = rank_applied(challenges, competitors, applied_.table(), revealed);
  // The runs behind each mark, once their replays are published.
  return {std::make_shared<const std::string>(ariadne::leaderboard_json(
              rules_.name, unix_ms(now), challenges, rows, ranked, details, revealed)),
          std::make_shared<const std::string>(ariadne::leaderboard_csv(challenges, rows, details)),
          std::make_shared<const std::string>(build_competition_json(now)),
          history_.update(
              [&]() -> std::optional<std::vector<ranked_run_record>> {
                try {
                  return board_from_store_ ? store_view_.runs() : reader.runs();
                } catch (const store_error& e) {
                  spdlog::warn("competition: the leaderboard over time is not redrawn: {}",
                               e.what());
                  return std::nullopt;
                }
              },
              challenges, competitors, ranked, details, unix_ms(now))};
}

void competition_hub::refresh_leaderboard_now() {
  board_->refresh_now();
}

std::string competition_hub::build_competition_json(time_point now) const {
  // Copied under the lock, written after it: the reveal computes a seed for
  // every maze dealt, and the I/O threads take this lock for every start.
  // Before the close nothing of it is shown.
  attempt_book book;
  std::map<std::int64_t, std::string> names;
  competition_schedule schedule;
  {
    std::lock_guard lock(mutex_);
    schedule = schedule_;
    if (schedule.closed(now)) {
      // Every server's mazes, with other servers on the store.
      book = stored_ ? stored_->book : mirror_.book;
      names = stored_ ? stored_->names : mirror_.names;
    }
  }
  return competition_document(rules_, schedule, secret_after_resets(secret_, schedule.resets), book,
                              names, now);
}

bool competition_hub::reserves_maze(std::string_view name, time_point now) const {
  if (schedule().closed(now)) return false;
  for (const challenge& c : rules_.challenges) {
    if (c.request.maze.name && *c.request.maze.name == name) return true;
  }
  return false;
}

void competition_hub::find_ranked_run(std::uint64_t run,
                                      std::function<void(std::optional<ranked_run_record>)> done) {
  auto found = std::make_shared<std::optional<ranked_run_record>>();
  writer_->read(
      [run, found](results_store& store) { *found = store.run_by_number(run); },
      [found, done = std::move(done)](bool ok) { done(ok ? std::move(*found) : std::nullopt); });
}

std::optional<run_request> competition_hub::dealt_request(const ranked_run_record& record) const {
  const challenge* c = rules_.find(record.challenge);
  if (c == nullptr) return std::nullopt;
  run_request request = c->request;
  request.maze.seed =
      deal_seed(secret_after_resets(secret_, schedule().resets), c->id, record.deal,
                rules_.seeds == seed_mode::per_competitor ? std::string_view(record.competitor_name)
                                                          : std::string_view());
  return request;
}

bool competition_hub::reveals_ranked_runs(time_point now) const {
  std::lock_guard lock(mutex_);
  if (!schedule_.closed(now) || mirror_.book.any_in_play()) return false;
  // With other servers, theirs too: as the store showed them once every
  // start dealt before the close had had the time to be claimed.
  return !stored_ ||
         (stored_at_ >= *schedule_.closes_at + claims_settle && !stored_->book.any_in_play());
}

std::vector<ranked_run_record> competition_hub::earlier_runs(
    std::optional<std::uint64_t> only) const {
  std::lock_guard lock(mutex_);
  return mirror_.earlier_of(only);
}

std::string competition_hub::summary(time_point now) const {
  return competition_summary(rules_, schedule(), competitor_names_.size(), now);
}

std::string competition_hub::metrics_text() const {
  std::unique_lock lock(mutex_);
  std::string out = mirror_.tally.prometheus_text();
  lock.unlock();
  return out + writer_->prometheus_text() + presence_->prometheus_text();
}

}  // namespace ariadne
