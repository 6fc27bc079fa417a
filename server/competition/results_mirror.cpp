#include "server/competition/results_mirror.hpp"

#include <algorithm>

namespace ariadne {

results_mirror results_mirror::of(const std::vector<ranked_run_record>& runs,
                                  const competition_rules& rules) {
  results_mirror m;
  for (const ranked_run_record& r : runs) {
    const challenge* c = rules.find(r.challenge);
    m.book.take_stored(r, c != nullptr ? c->mazes : 1);
    m.names[r.competitor] = r.competitor_name;
    m.tally.count(r.status);
    if (r.status == "interrupted") continue;
    add_run(m.marks, r);
    if (r.ended_at_ms > 0) m.earlier.push_back(r);
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

std::vector<ranked_run_record> results_mirror::earlier_of(std::optional<std::uint64_t> run) const {
  if (!run) return earlier;
  std::vector<ranked_run_record> one;
  for (const ranked_run_record& r : earlier) {
    if (r.run == *run) one.push_back(r);
  }
  return one;
}

}  // namespace ariadne
