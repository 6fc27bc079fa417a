#include "server/competition/competition_hub.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "core/model/run_result.hpp"
#include "core/model/run_status.hpp"
#include "server/competition/rules/competition_document.hpp"
#include "server/competition/rules/leaderboard_documents.hpp"
#include "server/competition/rules/secrets.hpp"
#include "server/store/store_error.hpp"
#include "server/store/store_location.hpp"

namespace ariadne {

competition_hub::competition_hub(competition_rules rules, const std::string& db_path,
                                 const std::string& secret_file, server_node node)
    : rules_(std::move(rules)) {
  opened_competition opened = open_competition(rules_, db_path, secret_file, node);
  secret_ = std::move(opened.secret);
  store_shown_ = parse_store_location(db_path).shown;
  std::unique_ptr<results_store>& store = opened.store;
  // The database as it now stands (the runs in play are other servers').
  books_ = std::make_unique<ledger>(
      rules_, node.name, results_mirror::of(store->runs(), rules_, node.name), opened.schedule);
  first_run_number_ = opened.first_run_number;
  board_ = std::make_unique<leaderboard_cache>(db_path, [this](results_store& reader) {
    leaderboard_cache::documents documents = builder_->rebuild(reader);
    claims_->settle_owed();
    if (builder_->reads_store()) {
      // Other servers' results are not written here: read often enough
      // that every server shows each within a second; the cluster loop
      // looks at the runs in play just read.
      board_->set_period(std::chrono::milliseconds(400));
      cluster_->nudge();
    }
    return documents;
  });
  writer_ = std::make_unique<store_writer>(std::move(store), [this] { board_->written(); });
  presence_ = std::make_unique<node_presence>(std::move(node), *writer_, opened.living);
  claims_ = std::make_unique<attempt_claims>(rules_, *books_, *writer_, *presence_);
  cluster_ = std::make_unique<cluster_loop>(db_path, *presence_, *books_, tokens_);
  builder_ =
      std::make_unique<board_builder>(rules_, secret_, *books_, *presence_, competitor_names_);
  board_->refresh_now();
}

void competition_hub::listen(competition_events* events) {
  // The loop tells nobody while the listener changes.
  cluster_->listen(nullptr);
  listener_ = events;
  if (events != nullptr) cluster_->listen(this);
}

competition_schedule competition_hub::schedule() const {
  return books_->schedule();
}

std::optional<competition_hub::time_point> competition_hub::closes_at() const {
  return books_->schedule().closes_at;
}

request_error competition_hub::store_busy() {
  return {errc::server_busy,
          "the competition's results store does not answer just now; try again shortly"};
}

competition_hub::~competition_hub() {
  cluster_->stop();  // its heartbeats use the writer
  board_->stop();
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
              presence_->playing_elsewhere(store, claims_->read_back(store, (*found)->id, {}));
        }
      },
      [this, found, elsewhere, done = std::move(done)](bool answered) {
        if (answered && *found) {
          tokens_.used(**found);
          books_->saw((*found)->id, (*found)->name);
        }
        done(answered, answered ? *found : std::nullopt, answered ? *elsewhere : std::string());
      });
}

std::vector<protocol::challenge_info> competition_hub::challenges_for(
    std::int64_t competitor) const {
  std::vector<protocol::challenge_info> list;
  const auto now = std::chrono::system_clock::now();
  for (const challenge& c : rules_.challenges) {
    ledger::standing s = books_->standing_of(competitor, c, now);
    protocol::challenge_info info;
    info.id = c.id;
    info.width = c.width;
    info.height = c.height;
    info.treasures = c.request.treasures.value_or(1);
    info.max_steps = c.request.max_steps;
    info.time_limit_ms = c.request.time_limit_ms;
    info.weight = c.weight;
    info.attempts = c.attempts;
    info.attempts_left = c.attempts > s.used ? c.attempts - s.used : 0;
    info.next_maze = s.next_maze;
    info.mazes = c.mazes;
    info.keep = std::string(to_string(c.keep));
    // Marked outside the ledger's lock.
    if (s.mark) {
      apply_rule(*s.mark, c.scoring());
      info.best = s.mark->best.ratio;
      info.mark = s.mark->mark;
    }
    list.push_back(std::move(info));
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
  auto dealt = books_->deal(who, *c, now);
  if (auto* problem = std::get_if<request_error>(&dealt)) return std::move(*problem);
  const ledger::dealing& d = std::get<ledger::dealing>(dealt);
  attempt a;
  a.record.deal = d.dealt.deal;
  a.record.attempt = d.dealt.attempt;
  a.record.competitor = who.id;
  a.record.competitor_name = who.name;
  a.record.challenge = c->id;
  a.record.node = presence_->node().name;
  a.record.status = ranked_status::in_play;
  a.record.treasures = c->request.treasures.value_or(1);
  a.record.started_at_ms = unix_ms(now);
  a.request = c->request;
  a.request.maze.seed = deal_seed(
      secret_after_resets(secret_, d.resets), c->id, a.record.deal,
      rules_.seeds == seed_mode::per_competitor ? std::string_view(who.name) : std::string_view());
  return a;
}

void competition_hub::give_back(const ranked_run_record& record) {
  books_->give_back(record);
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
  const std::vector<maze_played> mazes = books_->mazes_of(record, *result);
  p.found = static_cast<std::uint32_t>(
      std::count_if(mazes.begin(), mazes.end(), [](const maze_played& m) { return m.found; }));
  p.mark = attempt_mark(c->mark, mazes, c->mazes, c->move_budget());
  return p;
}

void competition_hub::record_end(const ranked_run_record& record, std::function<void(bool)> done) {
  books_->record_end(record);
  claims_->record_end(record, std::move(done));
}

void competition_hub::after_writes(std::function<void(bool)> done) {
  // A read: it waits for the writes before it without a transaction of its own.
  writer_->read([](results_store&) {}, std::move(done));
}

void competition_hub::refresh_leaderboard_now() {
  board_->refresh_now();
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
  return books_->reveals(now);
}

std::vector<ranked_run_record> competition_hub::earlier_runs(
    std::optional<std::uint64_t> only) const {
  return books_->earlier(only);
}

std::string competition_hub::summary(time_point now) const {
  return competition_summary(rules_, schedule(), competitor_names_.size(), now);
}

std::string competition_hub::metrics_text() const {
  return books_->tally_text() + writer_->prometheus_text() + presence_->prometheus_text();
}

}  // namespace ariadne
