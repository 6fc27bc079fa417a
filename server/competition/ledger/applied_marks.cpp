#include "server/competition/ledger/applied_marks.hpp"

namespace ariadne {

void applied_marks::take(const mark_table& source) {
  // Both tables are in key order: one walk side by side.
  auto mine = table_.begin();
  const auto forget = [this](mark_table::iterator it) {
    own_attempts_.erase(it->first);
    return table_.erase(it);
  };
  for (const auto& [k, mark] : source) {
    while (mine != table_.end() && mine->first < k)
      mine = forget(mine);
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
    own_attempts_[k] = mark.attempts;
  }
  while (mine != table_.end())
    mine = forget(mine);
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
  // The book's count where it has one, else the mark's own.
  for (auto& [k, mark] : table_) {
    const auto own = own_attempts_.find(k);
    if (own != own_attempts_.end()) mark.attempts = own->second;
  }
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
