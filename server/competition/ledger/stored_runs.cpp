#include "server/competition/ledger/stored_runs.hpp"

#include <algorithm>

namespace ariadne {

namespace {

void in_store_order(std::vector<const ranked_run_record*>& runs) {
  std::sort(runs.begin(), runs.end(),
            [](const auto* a, const auto* b) { return played_before(*a, *b); });
}

}  // namespace

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
  std::map<attempt_book::key, std::set<std::uint32_t>> touched;  // key -> attempts
  for (ranked_run_record& r : changed.runs) {
    attempt_book::key k{r.competitor, r.challenge};
    key_runs& runs = by_key_[k];
    auto& deals = runs.by_attempt[r.attempt];
    const auto old = deals.find(r.deal);
    if (old != deals.end()) {
      mirror_.tally.uncount(old->second.status);
    } else {
      ++size_;
    }
    mirror_.tally.count(r.status);
    if (r.status == ranked_status::in_play) {
      in_play_.insert({k, r.deal});
    } else {
      in_play_.erase({k, r.deal});
    }
    mirror_.names[r.competitor] = r.competitor_name;
    runs.attempt_of_deal[r.deal] = r.attempt;
    touched[k].insert(r.attempt);
    deals[r.deal] = std::move(r);
  }
  for (const auto& [k, attempts] : touched)
    mark_again(k, attempts);
  next_ = changed.next;
}

void stored_runs::mark_again(const attempt_book::key& k, const std::set<std::uint32_t>& attempts) {
  const key_runs& runs = by_key_.at(k);
  // The attempts counted are those with a run not given back; the latest
  // of them is the mark's count of attempts used.
  std::uint32_t latest = 0;
  for (auto it = runs.by_attempt.rbegin(); it != runs.by_attempt.rend() && latest == 0; ++it) {
    for (const auto& [deal, r] : it->second) {
      if (counts(r.status)) latest = it->first;
    }
  }
  if (latest == 0) {
    mirror_.marks.erase(k);
  } else {
    challenge_mark& m = mirror_.marks[k];
    touch(m);
    m.attempts = latest;
    for (const std::uint32_t attempt : attempts) {
      m.played.erase(attempt);
      std::vector<const ranked_run_record*> done;
      for (const auto& [deal, r] : runs.by_attempt.at(attempt)) {
        if (ended(r.status)) done.push_back(&r);
      }
      in_store_order(done);
      for (const ranked_run_record* r : done)
        take_result(m, *r);
    }
  }
  deal_again(k, runs);
}

void stored_runs::deal_again(const attempt_book::key& k, const key_runs& runs) {
  // As results_store::latest_attempt reads for a claim: the latest deal's
  // run and the latest counted attempt's runs are all a deal needs. The
  // runs in play of older attempts come first, so that the book keeps them
  // among its runs in play (their mazes stay secret).
  const auto m = mirror_.marks.find(k);
  const std::uint32_t latest = m != mirror_.marks.end() ? m->second.attempts : 0;
  std::vector<const ranked_run_record*> before;
  std::vector<const ranked_run_record*> taken;
  if (!runs.attempt_of_deal.empty()) {
    const auto& [deal, attempt] = *runs.attempt_of_deal.rbegin();
    const ranked_run_record& r = runs.by_attempt.at(attempt).at(deal);
    if (attempt != latest || !counts(r.status)) before.push_back(&r);
  }
  for (auto it = in_play_.lower_bound({k, 0}); it != in_play_.end() && it->first == k; ++it) {
    const std::uint32_t attempt = runs.attempt_of_deal.at(it->second);
    if (attempt != latest) before.push_back(&runs.by_attempt.at(attempt).at(it->second));
  }
  if (latest != 0) {
    for (const auto& [deal, r] : runs.by_attempt.at(latest)) {
      if (counts(r.status)) taken.push_back(&r);
    }
  }
  in_store_order(before);
  before.erase(std::unique(before.begin(), before.end()), before.end());
  in_store_order(taken);
  before.insert(before.end(), taken.begin(), taken.end());
  const challenge* c = rules_.find(k.second);
  mirror_.book.forget(k);
  for (const ranked_run_record* r : before)
    mirror_.book.take_stored(*r, c != nullptr ? c->mazes : 1);
}

std::vector<ranked_run_record> stored_runs::in_play() const {
  std::vector<ranked_run_record> runs;
  for (const auto& [k, deal] : in_play_) {
    const key_runs& kr = by_key_.at(k);
    runs.push_back(kr.by_attempt.at(kr.attempt_of_deal.at(deal)).at(deal));
  }
  std::sort(runs.begin(), runs.end(), played_before);
  return runs;
}

std::vector<ranked_run_record> stored_runs::runs() const {
  std::vector<ranked_run_record> runs;
  runs.reserve(size_);
  for (const auto& [k, kr] : by_key_) {
    for (const auto& [attempt, deals] : kr.by_attempt) {
      for (const auto& [deal, run] : deals)
        runs.push_back(run);
    }
  }
  std::sort(runs.begin(), runs.end(), played_before);
  return runs;
}

}  // namespace ariadne
