#include "server/competition/rules/marks.hpp"

#include <algorithm>
#include <cmath>

namespace ariadne {

maze_played played_of(const run_result& result, std::uint64_t reference) {
  return {result.status == run_status::found, result.score, result.optimal, reference};
}

std::uint64_t maze_cost(const maze_played& outcome, std::uint64_t budget) {
  if (!outcome.found) return std::max({outcome.score, budget, std::uint64_t{1}});
  return std::max({outcome.score, outcome.optimal, std::uint64_t{1}});
}

namespace {

// What a maze adds above a sum_ratio's line: its optimal when found (a
// treasure where the drone started, found without a move, counts 1 of 1, as
// efficiency_of counts it), else 0.
double optimal_found(const maze_played& outcome) {
  if (!outcome.found) return 0;
  if (outcome.optimal == 0 && outcome.score == 0) return 1;
  return static_cast<double>(outcome.optimal);
}

// optimal / cost of one maze: efficiency_of, for a maze found; else 0.
double ratio_of(const maze_played& outcome, std::uint64_t budget) {
  return optimal_found(outcome) / static_cast<double>(maze_cost(outcome, budget));
}

double reference_ratio(const maze_played& outcome, std::uint64_t budget) {
  const double reference = static_cast<double>(std::max<std::uint64_t>(outcome.reference, 1));
  return reference / static_cast<double>(maze_cost(outcome, budget));
}

}  // namespace

double attempt_mark(mark_rule rule, std::span<const maze_played> played, std::uint32_t mazes,
                    std::uint64_t budget) {
  if (mazes == 0) return 0;
  played = played.first(std::min<std::size_t>(played.size(), mazes));
  const std::size_t unplayed = mazes - played.size();
  const double budget_cost = static_cast<double>(std::max<std::uint64_t>(budget, 1));
  switch (rule) {
    case mark_rule::sum_ratio:
    case mark_rule::reference_sum: {
      double above = 0;
      double below = static_cast<double>(unplayed) * budget_cost;
      for (const maze_played& m : played) {
        if (rule == mark_rule::sum_ratio) {
          above += optimal_found(m);
        } else if (m.found) {
          above += static_cast<double>(std::max<std::uint64_t>(m.reference, 1));
        }
        below += static_cast<double>(maze_cost(m, budget));
      }
      // Not capped: a competitor may beat the reference bot.
      return rule == mark_rule::sum_ratio ? std::min(1.0, above / below) : above / below;
    }
    case mark_rule::mean_ratio:
    case mark_rule::reference_mean: {
      double sum = 0;
      for (const maze_played& m : played) {
        sum += rule == mark_rule::mean_ratio ? ratio_of(m, budget)
                                             : (m.found ? reference_ratio(m, budget) : 0.0);
      }
      return sum / mazes;
    }
    case mark_rule::geometric: {
      // A maze not found has optimal / budget: a geometric mean needs no zero.
      double logs = 0;
      for (const maze_played& m : played) {
        const double optimal = static_cast<double>(std::max<std::uint64_t>(m.optimal, 1));
        logs += std::log(std::min(1.0, optimal / static_cast<double>(maze_cost(m, budget))));
      }
      logs += static_cast<double>(unplayed) * std::log(1.0 / budget_cost);
      return std::exp(logs / mazes);
    }
    case mark_rule::count:
      break;
  }
  return 0;
}

namespace {

// The mazes of the attempts started, each padded to its set with outcomes not
// found (what a maze not played counts as).
std::vector<maze_played> every_maze(std::span<const std::vector<maze_played>> attempts,
                                    std::uint32_t allowed, std::uint32_t mazes) {
  std::vector<maze_played> every;
  every.reserve(static_cast<std::size_t>(allowed) * mazes);
  for (const std::vector<maze_played>& a :
       attempts.first(std::min<std::size_t>(attempts.size(), allowed))) {
    const std::size_t n = std::min<std::size_t>(a.size(), mazes);
    every.insert(every.end(), a.begin(), a.begin() + static_cast<std::ptrdiff_t>(n));
    every.resize(every.size() + (mazes - n));
  }
  // The attempts not started: attempt_mark counts them from the set's size.
  return every;
}

// The attempt a best or last rule keeps, or nullptr.
const std::vector<maze_played>* kept_attempt(mark_rule mark, attempts_rule keep,
                                             std::span<const std::vector<maze_played>> attempts,
                                             std::uint32_t mazes, std::uint64_t budget) {
  if (attempts.empty()) return nullptr;
  if (keep == attempts_rule::last) return &attempts.back();
  const std::vector<maze_played>* best = &attempts.front();
  double best_mark = attempt_mark(mark, *best, mazes, budget);
  for (const std::vector<maze_played>& a : attempts) {
    const double m = attempt_mark(mark, a, mazes, budget);
    if (m > best_mark) {
      best = &a;
      best_mark = m;
    }
  }
  return best;
}

}  // namespace

double challenge_mark_of(mark_rule mark, attempts_rule keep,
                         std::span<const std::vector<maze_played>> attempts, std::uint32_t allowed,
                         std::uint32_t mazes, std::uint64_t budget) {
  if (allowed == 0 || mazes == 0) return 0;
  attempts = attempts.first(std::min<std::size_t>(attempts.size(), allowed));
  if (keep == attempts_rule::all) {
    return attempt_mark(mark, every_maze(attempts, allowed, mazes), allowed * mazes, budget);
  }
  const auto* kept = kept_attempt(mark, keep, attempts, mazes, budget);
  return kept == nullptr ? 0 : attempt_mark(mark, *kept, mazes, budget);
}

double challenge_mark_error_of(mark_rule mark, attempts_rule keep,
                               std::span<const std::vector<maze_played>> attempts,
                               std::uint32_t allowed, std::uint32_t mazes, std::uint64_t budget) {
  if (allowed == 0 || mazes == 0) return 0;
  attempts = attempts.first(std::min<std::size_t>(attempts.size(), allowed));
  if (keep == attempts_rule::all) {
    return attempt_mark_error(mark, every_maze(attempts, allowed, mazes), allowed * mazes, budget);
  }
  const auto* kept = kept_attempt(mark, keep, attempts, mazes, budget);
  return kept == nullptr ? 0 : attempt_mark_error(mark, *kept, mazes, budget);
}

double attempt_mark_error(mark_rule rule, std::span<const maze_played> played, std::uint32_t mazes,
                          std::uint64_t budget) {
  if (mazes < 2 || (rule != mark_rule::sum_ratio && rule != mark_rule::mean_ratio)) return 0;
  played = played.first(std::min<std::size_t>(played.size(), mazes));
  const double n = mazes;
  const double budget_cost = static_cast<double>(std::max<std::uint64_t>(budget, 1));
  const double mark = attempt_mark(rule, played, mazes, budget);
  const std::size_t unplayed = mazes - played.size();
  double squares = 0;
  if (rule == mark_rule::sum_ratio) {
    // Var(A/B) ~ sum((a_i - R b_i)^2) / (n (n - 1) mean(b)^2).
    double costs = static_cast<double>(unplayed) * budget_cost;
    for (const maze_played& m : played) {
      const double cost = static_cast<double>(maze_cost(m, budget));
      const double above = optimal_found(m);
      costs += cost;
      squares += (above - mark * cost) * (above - mark * cost);
    }
    squares += static_cast<double>(unplayed) * (mark * budget_cost) * (mark * budget_cost);
    const double mean_cost = costs / n;
    return std::sqrt(squares / (n * (n - 1))) / mean_cost;
  }
  for (const maze_played& m : played) {
    const double r = ratio_of(m, budget);
    squares += (r - mark) * (r - mark);
  }
  squares += static_cast<double>(unplayed) * mark * mark;
  return std::sqrt(squares / (n * (n - 1)));
}

std::string_view to_string(mark_rule rule) {
  return mark_rule_names.name(rule);
}

std::string_view to_string(attempts_rule rule) {
  return attempts_rule_names.name(rule);
}

std::optional<mark_rule> parse_mark_rule(std::string_view name) {
  return mark_rule_names.parse(name);
}

std::optional<attempts_rule> parse_attempts_rule(std::string_view name) {
  return attempts_rule_names.parse(name);
}

}  // namespace ariadne
