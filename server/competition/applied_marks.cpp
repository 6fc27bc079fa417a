#include "server/competition/applied_marks.hpp"

namespace ariadne {

void applied_marks::take(const mark_table& source) {
  // Both tables are in key order: one walk side by side.
  auto mine = table_.begin();
  for (const auto& [k, mark] : source) {
    while (mine != table_.end() && mine->first < k)
      mine = table_.erase(mine);
    if (mine != table_.end() && mine->first == k) {
      if (mine->second.version != mark.version) {
        mine->second = mark;
        changed_.push_back(k);
      }
      ++mine;
    } else {
      mine = std::next(table_.emplace_hint(mine, k, mark));
      changed_.push_back(k);
    }
  }
  table_.erase(mine, table_.end());
}

void applied_marks::apply(const std::map<key, std::uint32_t>& used) {
  const auto mark_again = [this](const key& k, challenge_mark& mark) {
    const challenge* c = rules_.find(k.second);
    apply_rule(mark, c != nullptr ? c->scoring() : challenge_scoring{});
  };
  for (const key& k : changed_) {
    if (const auto it = table_.find(k); it != table_.end()) mark_again(k, it->second);
  }
  changed_.clear();
  for (const auto& [k, attempts] : used) {
    auto it = table_.find(k);
    if (it == table_.end()) {
      if (attempts == 0) continue;
      // Version 0: no mark of the source has it, so the next take replaces it.
      it = table_.emplace(k, challenge_mark{}).first;
      mark_again(k, it->second);
    }
    it->second.attempts = attempts;
  }
}

}  // namespace ariadne
