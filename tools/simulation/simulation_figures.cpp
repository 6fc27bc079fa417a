#include "tools/simulation/simulation_figures.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <span>

#include "core/maze/rng.hpp"

namespace ariadne {

namespace {

// Resampled competitions per estimate: about 1% of standard error at 95%.
constexpr std::uint32_t resamples = 500;

challenge_design design_of(const challenge& c) {
  return {c.mazes, c.attempts, c.mark, c.keep};
}

// A bot's challenge mark from its deals (attempt after attempt).
double challenge_value(std::span<const maze_played> deals, const challenge_design& d,
                       std::uint64_t budget) {
  std::vector<std::vector<maze_played>> attempts;
  for (std::uint32_t a = 0; a < d.attempts; ++a) {
    const auto set = deals.subspan(static_cast<std::size_t>(a) * d.mazes, d.mazes);
    attempts.emplace_back(set.begin(), set.end());
  }
  return challenge_mark_of(d.mark, d.keep, attempts, d.attempts, d.mazes, budget);
}

bool tied(double a, double b) {
  return std::abs(a - b) <= tied_strengths * std::max(std::abs(a), std::abs(b));
}

// True when values (one per bot) rank every pair of bots as their strengths
// do, tied strengths aside; a tie in values ranks no pair.
bool in_order(const std::vector<double>& values, const std::vector<double>& strength) {
  for (std::size_t i = 0; i < values.size(); ++i) {
    for (std::size_t j = 0; j < values.size(); ++j) {
      if (strength[i] > strength[j] && !tied(strength[i], strength[j]) && values[i] <= values[j]) {
        return false;
      }
    }
  }
  return true;
}

// Every maze a bot played on a challenge, as one set: the deals every bot
// played, whatever the seeds.
std::vector<maze_played> pooled(const challenge_plays& p, std::size_t bot) {
  std::vector<maze_played> all;
  for (const auto& run : p.same_mazes())
    all.insert(all.end(), run[bot].begin(), run[bot].end());
  return all;
}

std::vector<double> strengths(const challenge_plays& p, std::size_t bots, mark_rule mark) {
  std::vector<double> out;
  for (std::size_t b = 0; b < bots; ++b) {
    const auto all = pooled(p, b);
    out.push_back(
        attempt_mark(mark, all, static_cast<std::uint32_t>(all.size()), p.rules->move_budget()));
  }
  return out;
}

// values[run][bot] under a design.
std::vector<std::vector<double>> values_of(const challenge_plays& p, std::size_t bots,
                                           const challenge_design& d) {
  std::vector<std::vector<double>> out;
  for (const auto& run : p.outcomes) {
    std::vector<double> row;
    for (std::size_t b = 0; b < bots; ++b)
      row.push_back(challenge_value(run[b], d, p.rules->move_budget()));
    out.push_back(std::move(row));
  }
  return out;
}

double share_in_order(const std::vector<std::vector<double>>& values,
                      const std::vector<double>& strength) {
  std::size_t right = 0;
  for (const auto& row : values)
    right += in_order(row, strength);
  return values.empty() ? 0 : static_cast<double>(right) / static_cast<double>(values.size());
}

ranking_figures rank_figures(const std::vector<std::string>& bots,
                             const std::vector<std::vector<double>>& values,
                             const std::vector<double>& strength) {
  ranking_figures f;
  std::vector<std::size_t> order(bots.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return strength[a] > strength[b]; });
  for (const std::size_t b : order) {
    std::vector<double> column;
    for (const auto& row : values)
      column.push_back(row[b]);
    std::sort(column.begin(), column.end());
    bot_figures bf{bots[b], strength[b]};
    const double n = static_cast<double>(column.size());
    if (!column.empty()) {
      bf.mean = std::accumulate(column.begin(), column.end(), 0.0) / n;
      double squares = 0;
      for (const double v : column)
        squares += (v - bf.mean) * (v - bf.mean);
      bf.spread = column.size() > 1 ? std::sqrt(squares / (n - 1)) : 0;
      bf.low = column[static_cast<std::size_t>(0.05 * (n - 1))];
      bf.high = column[static_cast<std::size_t>(std::ceil(0.95 * (n - 1)))];
    }
    f.bots.push_back(bf);
  }
  for (std::size_t i = 1; i < order.size(); ++i) {
    const std::size_t a = order[i - 1];
    const std::size_t b = order[i];
    std::size_t right = 0;
    for (const auto& row : values)
      right += row[a] > row[b];
    f.pairs.push_back(
        {bots[a], bots[b],
         values.empty() ? 0 : static_cast<double>(right) / static_cast<double>(values.size()),
         tied(strength[a], strength[b])});
  }
  f.order_right = share_in_order(values, strength);
  return f;
}

// One resampled competition's values of a challenge, a set of `mazes` per
// attempt drawn from every maze played (the same mazes for every bot with
// shared seeds, each bot's own otherwise).
std::vector<double> resampled(const challenge_plays& p, std::size_t bots, seed_mode seeds,
                              const challenge_design& d, rng& random) {
  const std::size_t per_run = p.outcomes.empty() ? 0 : p.outcomes[0][0].size();
  const std::uint64_t slots = p.outcomes.size() * per_run;
  const std::size_t draws = static_cast<std::size_t>(d.attempts) * d.mazes;
  std::vector<std::uint64_t> picked(draws);
  std::vector<maze_played> deals(draws);
  std::vector<double> out;
  for (std::size_t b = 0; b < bots; ++b) {
    if (b == 0 || seeds == seed_mode::per_competitor) {
      for (std::uint64_t& s : picked)
        s = random.below64(slots);
    }
    for (std::size_t k = 0; k < draws; ++k)
      deals[k] = p.outcomes[picked[k] / per_run][b][picked[k] % per_run];
    out.push_back(challenge_value(deals, d, p.rules->move_budget()));
  }
  return out;
}

// The weighted total of each bot's marks, 100 x sum(w m) / sum(w).
std::vector<double> totals_of(const competition_plays& plays,
                              const std::vector<std::vector<double>>& marks) {
  double weights = 0;
  std::vector<double> total(plays.bots.size(), 0.0);
  for (std::size_t c = 0; c < plays.challenges.size(); ++c) {
    const double w = plays.challenges[c].rules->weight;
    weights += w;
    for (std::size_t b = 0; b < total.size(); ++b)
      total[b] += w * marks[c][b];
  }
  for (double& t : total)
    t = weights > 0 ? 100 * t / weights : 0;
  return total;
}

// The smallest tried set size whose resampled competitions come out in the
// true order 95% of the time; designs(mazes) gives each challenge's design.
std::optional<std::uint32_t> mazes_for_95(const competition_plays& plays,
                                          const std::vector<std::size_t>& challenges,
                                          const std::vector<double>& strength,
                                          const std::vector<challenge_design>& designs,
                                          std::uint64_t seed) {
  rng random(seed);
  for (const std::uint32_t mazes : tried_set_sizes) {
    std::uint32_t right = 0;
    for (std::uint32_t t = 0; t < resamples; ++t) {
      std::vector<std::vector<double>> marks(plays.challenges.size(),
                                             std::vector<double>(plays.bots.size(), 0.0));
      for (const std::size_t c : challenges) {
        challenge_design d = designs[c];
        d.mazes = mazes;
        marks[c] = resampled(plays.challenges[c], plays.bots.size(), plays.seeds, d, random);
      }
      right += in_order(challenges.size() == 1 ? marks[challenges[0]] : totals_of(plays, marks),
                        strength);
    }
    if (right >= reliable_share * resamples) return mazes;
  }
  return std::nullopt;
}

}  // namespace

competition_figures measure_competition(const competition_plays& plays,
                                        const simulation_options& options) {
  competition_figures f;
  f.runs = options.runs;
  f.secret = options.secret;
  f.seeds = plays.seeds;
  f.bots = plays.bots;
  const std::size_t bots = plays.bots.size();
  std::vector<challenge_design> designs;
  std::vector<std::vector<double>> strength_by_challenge;
  std::vector<std::vector<std::vector<double>>> values_by_challenge;
  std::vector<std::size_t> every;
  for (std::size_t c = 0; c < plays.challenges.size(); ++c) {
    const challenge_plays& p = plays.challenges[c];
    challenge_figures cf;
    cf.challenge = p.rules->id;
    cf.design = design_of(*p.rules);
    designs.push_back(cf.design);
    const auto strength = strengths(p, bots, cf.design.mark);
    const auto values = values_of(p, bots, cf.design);
    cf.ranking = rank_figures(plays.bots, values, strength);
    cf.ranking.mazes_for_95 = mazes_for_95(plays, {c}, strength, designs, 1000 + c);
    for (const attempts_rule keep : every_attempts_rule) {
      challenge_design d = cf.design;
      d.keep = keep;
      cf.by_keep.emplace_back(keep, share_in_order(values_of(p, bots, d), strength));
    }
    f.challenges.push_back(std::move(cf));
    strength_by_challenge.push_back(strength);
    values_by_challenge.push_back(values);
    every.push_back(c);
  }
  const auto total_strength = totals_of(plays, strength_by_challenge);
  std::vector<std::vector<double>> totals;
  for (std::uint32_t run = 0; run < options.runs; ++run) {
    std::vector<std::vector<double>> marks;
    for (const auto& values : values_by_challenge)
      marks.push_back(values[run]);
    totals.push_back(totals_of(plays, marks));
  }
  f.totals = rank_figures(plays.bots, totals, total_strength);
  f.totals.mazes_for_95 = mazes_for_95(plays, every, total_strength, designs, 999);
  return f;
}

std::vector<mark_comparison> compare_marks(const competition_plays& plays) {
  const std::size_t bots = plays.bots.size();
  std::vector<mark_comparison> out;
  for (std::size_t c = 0; c < plays.challenges.size(); ++c) {
    const challenge_plays& p = plays.challenges[c];
    const std::uint64_t budget = p.rules->move_budget();
    mark_comparison m;
    m.rules = p.rules;
    std::vector<double> strength;  // minus the median cost: higher is stronger
    for (std::size_t b = 0; b < bots; ++b) {
      std::vector<std::uint64_t> costs;
      for (const maze_played& o : pooled(p, b))
        costs.push_back(maze_cost(o, budget));
      m.mazes_played = costs.size();
      const auto middle = costs.begin() + static_cast<std::ptrdiff_t>(costs.size() / 2);
      std::nth_element(costs.begin(), middle, costs.end());
      strength.push_back(-static_cast<double>(*middle));
    }
    std::vector<std::size_t> order(bots);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return strength[a] > strength[b]; });
    for (const std::size_t b : order)
      m.median_costs.emplace_back(plays.bots[b], static_cast<std::uint64_t>(-strength[b]));
    if (bots < 2) {
      out.push_back(std::move(m));
      continue;
    }
    std::size_t close = 1;
    double gap = -1;
    for (std::size_t i = 1; i < order.size(); ++i) {
      const double g = strength[order[i - 1]] / strength[order[i]];  // costs: behind / ahead
      const double apart = 1 / g - 1;
      if (apart >= 0.05 && (gap < 0 || apart < gap)) {
        close = i;
        gap = apart;
      }
    }
    const std::size_t a = order[close - 1];
    const std::size_t z = order[close];
    const std::size_t weakest = order.back();
    m.ahead = plays.bots[a];
    m.behind = plays.bots[z];
    m.weakest = plays.bots[weakest];
    for (const mark_rule mark : measured_marks) {
      for (const std::uint32_t mazes : compared_set_sizes) {
        const challenge_design d{mazes, 1, mark, attempts_rule::all};
        rng random(7 + c);  // the same sets for every mark
        std::uint32_t whole = 0, pair = 0, last = 0;
        for (std::uint32_t t = 0; t < resamples; ++t) {
          const auto values = resampled(p, bots, plays.seeds, d, random);
          whole += in_order(values, strength);
          pair += values[a] > values[z];
          bool lowest = true;
          for (std::size_t b = 0; b < bots; ++b)
            lowest = lowest && (b == weakest || values[b] > values[weakest]);
          last += lowest;
        }
        const auto share = [](std::uint32_t n) { return static_cast<double>(n) / resamples; };
        m.rows.push_back({mark, mazes, share(whole), share(pair), share(last)});
      }
    }
    out.push_back(std::move(m));
  }
  return out;
}

}  // namespace ariadne
