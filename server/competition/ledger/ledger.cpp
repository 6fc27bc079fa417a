#include "server/competition/ledger/ledger.hpp"

#include "core/model/utc_time.hpp"
#include "server/competition/ledger/applied_marks.hpp"

namespace ariadne {

ledger::ledger(const competition_rules& rules, std::string node, results_mirror books,
               competition_schedule schedule)
    : rules_(rules),
      node_(std::move(node)),
      schedule_(std::move(schedule)),
      mine_(std::move(books)) {}

competition_schedule ledger::schedule() const {
  std::lock_guard lock(mutex_);
  return schedule_;
}

void ledger::set_schedule(competition_schedule fresh,
                          const std::vector<ranked_run_record>* reset_runs) {
  std::lock_guard lock(mutex_);
  if (reset_runs != nullptr) mine_ = results_mirror::of(*reset_runs, rules_);
  schedule_ = std::move(fresh);
}

void ledger::saw(std::int64_t competitor, const std::string& name) {
  std::lock_guard lock(mutex_);
  mine_.names[competitor] = name;
}

std::variant<ledger::dealing, request_error> ledger::deal(const competitor_record& who,
                                                          const challenge& c, time_point now) {
  std::lock_guard lock(mutex_);
  if (schedule_.not_yet_open(now)) {
    return request_error{errc::competition_not_open,
                         "the competition opens at " + format_time(*schedule_.opens_at)};
  }
  if (schedule_.closed(now)) {
    return request_error{errc::competition_closed,
                         "the competition closed at " + format_time(*schedule_.closes_at)};
  }
  auto dealt = mine_.book.deal({who.id, c.id}, c.attempts, c.mazes);
  if (auto* problem = std::get_if<request_error>(&dealt)) return std::move(*problem);
  mine_.names[who.id] = who.name;
  return dealing{std::get<attempt_book::dealt>(dealt), schedule_.resets};
}

void ledger::give_back(const ranked_run_record& record) {
  std::lock_guard lock(mutex_);
  mine_.book.give_back({record.competitor, record.challenge}, record.deal);
}

void ledger::record_end(const ranked_run_record& record) {
  std::lock_guard lock(mutex_);
  take_result(mine_.marks[{record.competitor, record.challenge}], record);
  mine_.book.ended({record.competitor, record.challenge}, record.deal, record.status);
  mine_.tally.count(record.status);
}

std::vector<maze_played> ledger::mazes_of(const ranked_run_record& record,
                                          const run_result& result) const {
  std::lock_guard lock(mutex_);
  return mine_.mazes_of(record, result);
}

ledger::standing ledger::standing_of(std::int64_t competitor, const challenge& c,
                                     time_point now) const {
  std::lock_guard lock(mutex_);
  standing s;
  s.used = mine_.book.used({competitor, c.id});
  // After the close no set goes on: its next start is refused.
  if (!schedule_.closed(now)) s.next_maze = mine_.book.next_maze({competitor, c.id});
  const auto mark = mine_.marks.find({competitor, c.id});
  if (mark != mine_.marks.end() && !mark->second.played.empty()) s.mark = mark->second;
  return s;
}

void ledger::take_back(std::int64_t competitor, const std::vector<ranked_run_record>& runs,
                       std::string_view only) {
  std::lock_guard lock(mutex_);
  mine_.take_back(competitor, runs, rules_, node_, only);
}

void ledger::hold(std::uint64_t run) {
  std::lock_guard lock(mutex_);
  held_.insert(run);
}

void ledger::release(std::uint64_t run) {
  std::lock_guard lock(mutex_);
  held_.erase(run);
}

std::vector<std::uint64_t> ledger::not_held(const std::vector<ranked_run_record>& runs) const {
  std::vector<std::uint64_t> numbers;
  std::lock_guard lock(mutex_);
  for (const ranked_run_record& r : runs) {
    if (r.status == ranked_status::in_play && r.node == node_ && r.run != 0 &&
        !held_.contains(r.run)) {
      numbers.push_back(r.run);
    }
  }
  return numbers;
}

void ledger::show_stored(results_mirror stored, std::vector<ranked_run_record> in_play,
                         time_point read_at) {
  std::lock_guard lock(mutex_);
  stored_ = std::move(stored);
  stored_in_play_ = std::move(in_play);
  stored_at_ = read_at;
}

std::vector<ranked_run_record> ledger::stored_in_play() const {
  std::lock_guard lock(mutex_);
  return stored_in_play_;
}

void ledger::copy_marks(applied_marks& into) const {
  std::lock_guard lock(mutex_);
  into.take(mine_.marks);
}

ledger::attempt_counts ledger::counts() const {
  attempt_counts c;
  std::lock_guard lock(mutex_);
  const results_mirror& m = stored_ ? *stored_ : mine_;
  m.book.for_each_tally(
      [&c](const key& k, std::uint32_t, std::uint32_t n) { c.used.emplace(k, n); });
  c.ranked = m.tally.ranked();
  return c;
}

bool ledger::reveals(time_point now) const {
  std::lock_guard lock(mutex_);
  if (!schedule_.closed(now) || mine_.book.any_in_play()) return false;
  return !stored_ ||
         (stored_at_ >= *schedule_.closes_at + claims_settle && !stored_->book.any_in_play());
}

ledger::shown_books ledger::books_shown(time_point now) const {
  shown_books shown;
  std::lock_guard lock(mutex_);
  shown.schedule = schedule_;
  // Before the close nothing of it is shown.
  if (schedule_.closed(now)) {
    const results_mirror& m = stored_ ? *stored_ : mine_;
    shown.book = m.book;
    shown.names = m.names;
  }
  return shown;
}

std::vector<ranked_run_record> ledger::earlier(std::optional<std::uint64_t> only) const {
  std::lock_guard lock(mutex_);
  return mine_.earlier_of(only);
}

std::string ledger::tally_text() const {
  std::lock_guard lock(mutex_);
  return mine_.tally.prometheus_text();
}

}  // namespace ariadne
