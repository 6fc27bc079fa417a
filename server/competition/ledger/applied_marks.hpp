#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "server/competition/rules/competition_rules.hpp"
#include "server/competition/rules/leaderboard.hpp"

namespace ariadne {

// The marks as their rules set them (apply_rule), kept by the leaderboard
// thread from one rebuild to the next: only the marks whose attempts changed
// since (a new version) are copied and marked again, so a rebuild costs what
// changed, not every attempt ever played (a challenge with many attempts,
// all of them marked, has thousands per competitor).
class applied_marks {
 public:
  using key = mark_table::key_type;

  explicit applied_marks(const competition_rules& rules) : rules_(rules) {}

  // Copies the marks of source that changed and forgets those it no longer
  // has. Under the lock that guards source: it copies, it does not mark.
  void take(const mark_table& source);
  // Marks what take copied, then sets each key's attempts used (the attempt
  // book's tally: ended or in play); a key with attempts but no mark yet
  // shows as not played.
  void apply(const std::map<key, std::uint32_t>& used);
  const mark_table& table() const { return table_; }

 private:
  const competition_rules& rules_;
  mark_table table_;
  std::map<key, std::uint32_t> own_attempts_;  // each source mark's attempts
  std::vector<key> changed_;
};

}  // namespace ariadne
