#include "server/competition/stored_runs.hpp"

#include <algorithm>

namespace ariadne {

void stored_runs::read(results_store& reader, bool again) {
  if (again || !read_once_) {
    by_key_.clear();
    in_play_.clear();
    mirror_ = results_mirror{};
    next_ = 0;
    size_ = 0;
  }
  auto changed = reader.runs_changed_since(next_);
  read_once_ = true;
  last_read_ = changed.runs.size();
  std::set<attempt_book::key> touched;
  for (ranked_run_record& r : changed.runs) {
    attempt_book::key k{r.competitor, r.challenge};
    auto& deals = by_key_[k];
    const auto old = deals.find(r.deal);
    if (old != deals.end()) {
      mirror_.tally.uncount(old->second.status);
    } else {
      ++size_;
    }
    mirror_.tally.count(r.status);
    if (r.status == "in_play") {
      in_play_.insert({k, r.deal});
    } else {
      in_play_.erase({k, r.deal});
    }
    deals[r.deal] = std::move(r);
    touched.insert(std::move(k));
  }
  for (const attempt_book::key& k : touched)
    mark_again(k);
  next_ = changed.next;
}

void stored_runs::mark_again(const attempt_book::key& k) {
  // The key's runs in the store's order (runs()), as results_mirror::of takes them.
  std::vector<const ranked_run_record*> runs;
  for (const auto& [deal, r] : by_key_.at(k))
    runs.push_back(&r);
  std::stable_sort(runs.begin(), runs.end(), [](const auto* a, const auto* b) {
    return a->started_at_ms < b->started_at_ms;
  });
  mirror_.book.forget(k);
  mirror_.marks.erase(k);
  for (const ranked_run_record* r : runs)
    mirror_.take(*r, rules_, true);
}

std::vector<ranked_run_record> stored_runs::in_play() const {
  std::vector<ranked_run_record> runs;
  for (const auto& [k, deal] : in_play_)
    runs.push_back(by_key_.at(k).at(deal));
  std::sort(runs.begin(), runs.end(), [](const ranked_run_record& a, const ranked_run_record& b) {
    return a.started_at_ms < b.started_at_ms;
  });
  return runs;
}

}  // namespace ariadne
