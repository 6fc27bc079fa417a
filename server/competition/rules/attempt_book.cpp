#include "server/competition/rules/attempt_book.hpp"

#include <algorithm>

namespace ariadne {

namespace {

std::uint32_t block_start(std::uint32_t deal, std::uint32_t mazes) {
  return (deal - 1) / mazes * mazes + 1;
}

}  // namespace

bool attempt_book::ends_set(ranked_status status) {
  return status == ranked_status::abandoned || status == ranked_status::timeout;
}

bool attempt_book::set_ends_with(std::uint32_t maze, std::uint32_t mazes, ranked_status status) {
  return maze >= mazes || ends_set(status);
}

std::uint32_t attempt_book::maze_of(const ranked_run_record& run, std::uint32_t mazes) {
  if (mazes <= 1 || run.deal == 0) return 1;
  return run.deal - block_start(run.deal, mazes) + 1;
}

void attempt_book::take_stored(const ranked_run_record& r, std::uint32_t mazes, bool here) {
  mazes = std::max<std::uint32_t>(mazes, 1);
  const key k{r.competitor, r.challenge};
  tally& t = tallies_[k];
  // A set's block is dealt whole, played or not (as deal() reserves it).
  if (r.deal > 0) t.deals = std::max(t.deals, block_start(r.deal, mazes) + mazes - 1);
  if (!counts(r.status)) return;
  t.used = std::max(t.used, r.attempt);
  set_state& s = sets_[k];
  if (r.attempt < s.attempt) return;
  if (r.attempt > s.attempt) s = {r.attempt, block_start(r.deal, mazes), mazes, 0, false, false};
  if (r.status == ranked_status::in_play) {
    // Another server's (this one's own were given back when it started), as
    // deal() leaves it.
    s.in_play = true;
    s.ended = mazes == 1;
    if (here) in_play_.emplace(r.competitor, r.challenge, r.deal);
    return;
  }
  ++s.played;
  if (set_ends_with(s.played, mazes, r.status)) s.ended = true;
}

std::variant<attempt_book::dealt, request_error> attempt_book::deal(const key& k,
                                                                    std::uint32_t attempts,
                                                                    std::uint32_t mazes) {
  mazes = std::max<std::uint32_t>(mazes, 1);
  tally& t = tallies_[k];
  set_state& s = sets_[k];
  dealt d;
  if (!s.ended) {
    if (s.in_play) {
      return request_error{errc::run_active,
                           "a maze of this attempt is in play on another of your connections"};
    }
    d = {s.attempt, s.first_deal + s.played, s.played + 1, false};
  } else {
    if (t.used >= attempts) {
      return request_error{
          errc::no_attempts_left,
          "all " + std::to_string(attempts) + " attempt(s) at \"" + k.second + "\" are used"};
    }
    ++t.used;
    // A new block: deals left over by an attempt that ended early stay unused.
    const std::uint32_t first = (t.deals + mazes - 1) / mazes * mazes + 1;
    t.deals = first + mazes - 1;
    // A set of one maze has nothing more to deal: the next start opens the
    // next attempt, as before sets.
    s = {t.used, first, mazes, 0, false, mazes == 1};
    d = {t.used, first, 1, true};
  }
  s.in_play = true;
  in_play_.emplace(k.first, k.second, d.deal);
  return d;
}

void attempt_book::forget(const key& k) {
  tallies_.erase(k);
  sets_.erase(k);
  std::erase_if(in_play_, [&](const auto& entry) {
    return std::get<0>(entry) == k.first && std::get<1>(entry) == k.second;
  });
}

bool attempt_book::give_back(const key& k, std::uint32_t deal) {
  in_play_.erase({k.first, k.second, deal});
  set_state& s = sets_[k];
  const bool current = deal == s.first_deal + s.played;
  if (current) s.in_play = false;
  // The set goes on from the same maze, unless this was its first.
  if (s.mazes > 1 && !(current && s.played == 0)) return false;
  tally& t = tallies_[k];
  if (t.used > 0) --t.used;
  // Its deals stay dealt, never shown.
  if (current) s = {t.used, 0, s.mazes, 0, false, true};
  return true;
}

void attempt_book::ended(const key& k, std::uint32_t deal, ranked_status status) {
  in_play_.erase({k.first, k.second, deal});
  set_state& s = sets_[k];
  if (s.ended || deal < s.first_deal) return;
  s.in_play = false;
  ++s.played;
  if (set_ends_with(s.played, s.mazes, status)) s.ended = true;
}

std::uint32_t attempt_book::used(const key& k) const {
  const auto it = tallies_.find(k);
  return it == tallies_.end() ? 0 : it->second.used;
}

std::uint32_t attempt_book::deals(const key& k) const {
  const auto it = tallies_.find(k);
  return it == tallies_.end() ? 0 : it->second.deals;
}

std::optional<std::uint32_t> attempt_book::next_maze(const key& k) const {
  const auto it = sets_.find(k);
  if (it == sets_.end() || it->second.ended || it->second.in_play || it->second.played == 0) {
    return std::nullopt;
  }
  return it->second.played + 1;
}

bool attempt_book::any_in_play(const std::string& challenge, std::uint32_t deal) const {
  return std::any_of(in_play_.begin(), in_play_.end(), [&](const auto& entry) {
    return std::get<1>(entry) == challenge && std::get<2>(entry) == deal;
  });
}

}  // namespace ariadne
