#include "server/competition/ledger/results_mirror.hpp"

#include "core/model/run_status.hpp"
#include "core/model/utc_time.hpp"

#include <algorithm>

namespace ariadne {

results_mirror results_mirror::of(const std::vector<ranked_run_record>& runs,
                                  const competition_rules& rules,
                                  std::optional<std::string_view> here) {
  results_mirror m;
  for (const ranked_run_record& r : runs) {
    m.take(r, rules, !here || r.node == *here);
    m.tally.count(r.status);
    if (ended(r.status)) m.earlier.push_back(r);
  }
  std::sort(m.earlier.begin(), m.earlier.end(),
            [](const ranked_run_record& a, const ranked_run_record& b) {
              return a.ended_at_ms < b.ended_at_ms;
            });
  if (m.earlier.size() > earlier_kept) {
    m.earlier.erase(m.earlier.begin(), m.earlier.end() - earlier_kept);
  }
  return m;
}

void results_mirror::take(const ranked_run_record& r, const competition_rules& rules, bool here) {
  const challenge* c = rules.find(r.challenge);
  book.take_stored(r, c != nullptr ? c->mazes : 1, here);
  names[r.competitor] = r.competitor_name;
  if (counts(r.status)) add_run(marks, r);
}

void results_mirror::take_back(std::int64_t competitor, const std::vector<ranked_run_record>& runs,
                               const competition_rules& rules, std::string_view here,
                               std::string_view only) {
  for (const challenge& c : rules.challenges) {
    if (!only.empty() && c.id != only) continue;
    const attempt_book::key k{competitor, c.id};
    book.forget(k);
    marks.erase(k);
    for (const ranked_run_record& r : runs) {
      if (r.challenge == c.id) take(r, rules, r.node == here);
    }
  }
}

std::vector<maze_played> results_mirror::mazes_of(const ranked_run_record& run,
                                                  const run_result& result) const {
  std::vector<maze_played> mazes;
  const auto m = marks.find({run.competitor, run.challenge});
  if (m != marks.end()) {
    if (const auto it = m->second.played.find(run.attempt); it != m->second.played.end()) {
      mazes = it->second.mazes;
    }
  }
  // Until its end is recorded, this maze is not among them.
  if (book.in_play(run.competitor, run.challenge, run.deal)) {
    mazes.push_back(played_of(result, run.reference));
  }
  return mazes;
}

ranked_run_record ended_run(ranked_run_record record, const run_result& result,
                            std::chrono::system_clock::time_point now) {
  record.status = ranked_status_of(result.status);
  record.steps = result.steps;
  record.bumps = result.bumps;
  record.score = result.score;
  record.optimal = result.optimal;
  record.ratio = efficiency_of(result.status, result.score, result.optimal);
  record.found = result.found;
  record.treasures = result.treasures;
  record.ended_at_ms = unix_ms(now);
  return record;
}

std::vector<ranked_run_record> results_mirror::earlier_of(std::optional<std::uint64_t> run) const {
  if (!run) return earlier;
  std::vector<ranked_run_record> one;
  for (const ranked_run_record& r : earlier) {
    if (r.run == *run) one.push_back(r);
  }
  return one;
}

}  // namespace ariadne
