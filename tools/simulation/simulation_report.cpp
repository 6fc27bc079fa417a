#include "tools/simulation/simulation_report.hpp"

#include <nlohmann/json.hpp>

#include "server/competition/rules/text_cells.hpp"

namespace ariadne {

namespace {

using json = nlohmann::json;

std::string percent(double share) {
  return fixed_places(100 * share, 0) + "%";
}

// A share against the 95% wanted, to a tenth: 94.7% must not read as 95%.
std::string precise_percent(double share) {
  return fixed_places(100 * share, 1) + "%";
}

std::string design_text(const challenge_design& d) {
  return std::to_string(d.attempts) + (d.attempts == 1 ? " attempt" : " attempts") + " of " +
         std::to_string(d.mazes) + (d.mazes == 1 ? " maze" : " mazes") + ", mark " +
         std::string(to_string(d.mark)) + ", keep " + std::string(to_string(d.keep));
}

std::string ranking_text(const ranking_figures& r, int decimals, const std::string& what) {
  std::string out = "  " + padded("bot", 16) + padded("strength", 10) + padded("mean", 9) +
                    padded("spread", 9) + "5%..95%\n";
  for (const bot_figures& b : r.bots) {
    out += "  " + padded(b.bot, 16) + padded(fixed_places(b.strength, decimals), 10) +
           padded(fixed_places(b.mean, decimals), 9) + padded(fixed_places(b.spread, decimals), 9) +
           fixed_places(b.low, decimals) + ".." + fixed_places(b.high, decimals) + "\n";
  }
  out += "  the true order comes out in " + percent(r.order_right) + " of the competitions\n";
  for (const pair_figures& p : r.pairs) {
    out += p.tied ? "    " + p.ahead + " and " + p.behind +
                        ": tied (strengths within 1%: either order counts)\n"
                  : "    " + p.ahead + " above " + p.behind + ": " + percent(p.right) + "\n";
  }
  if (r.mazes_for_95) {
    out += "  95% needs " + std::to_string(*r.mazes_for_95) +
           (*r.mazes_for_95 == 1 ? " maze" : " mazes") + " an attempt" + what + "\n";
  } else {
    out += "  95% is not reached with " + std::to_string(std::end(tried_set_sizes)[-1]) +
           " mazes an attempt" + what + "\n";
  }
  return out;
}

json ranking_json(const ranking_figures& r) {
  json bots = json::array();
  for (const bot_figures& b : r.bots) {
    bots.push_back({{"bot", b.bot},
                    {"strength", b.strength},
                    {"mean", b.mean},
                    {"spread", b.spread},
                    {"low", b.low},
                    {"high", b.high}});
  }
  json pairs = json::array();
  for (const pair_figures& p : r.pairs)
    pairs.push_back(
        {{"ahead", p.ahead}, {"behind", p.behind}, {"right", p.right}, {"tied", p.tied}});
  return {{"bots", std::move(bots)},
          {"order_right", r.order_right},
          {"pairs", std::move(pairs)},
          {"mazes_for_95", r.mazes_for_95 ? json(*r.mazes_for_95) : json(nullptr)}};
}

// What an organizer should take from the figures: whether the totals rank
// right often enough to trust, and if not, the pair that fails and the fix.
std::string verdict_text(const competition_figures& f) {
  const ranking_figures& t = f.totals;
  std::string out;
  if (t.order_right >= reliable_share) {
    out = "\nreliable: the totals rank the bots in their true order in " + percent(t.order_right) +
          " of the competitions (" + percent(reliable_share) + " or more wanted)\n";
  } else {
    out = "\nNOT RELIABLE: the totals rank the bots in their true order in only " +
          precise_percent(t.order_right) + " of the competitions (" + percent(reliable_share) +
          " or more wanted)\n";
    const pair_figures* weakest = nullptr;
    for (const pair_figures& p : t.pairs) {
      if (!p.tied && (weakest == nullptr || p.right < weakest->right)) weakest = &p;
    }
    if (weakest != nullptr) {
      out += "  the pair most often wrong: " + weakest->ahead + " above " + weakest->behind +
             " in " + percent(weakest->right) + "\n";
    }
    out += t.mazes_for_95
               ? "  to fix it: " + std::to_string(*t.mazes_for_95) +
                     " mazes an attempt in every challenge (\"mazes\"), or more "
                     "attempts with keep all; check again with another --secret\n"
               : "  to fix it: more mazes than " + std::to_string(std::end(tried_set_sizes)[-1]) +
                     " an attempt would be needed; drop or reweigh the challenges "
                     "that rank wrong on their own\n";
  }
  for (const challenge_figures& c : f.challenges) {
    if (f.challenges.size() > 1 && c.ranking.order_right < reliable_share) {
      out += "  on its own, " + c.challenge + " ranks right in only " +
             precise_percent(c.ranking.order_right) + ": its mark says little without the others\n";
    }
  }
  return out;
}

}  // namespace

std::string figures_text(const competition_figures& f) {
  std::string out = std::to_string(f.runs) + " competitions (secrets " + f.secret + "/0.." +
                    f.secret + "/" + std::to_string(f.runs - 1) + "), " +
                    std::string(to_string(f.seeds)) + " seeds, bots";
  for (std::size_t i = 0; i < f.bots.size(); ++i)
    out += (i == 0 ? " " : ", ") + f.bots[i];
  out +=
      "\n(strength: a bot's mark over every maze it played, as one set; bots are in that "
      "order)\n";
  for (const challenge_figures& c : f.challenges) {
    out += "\n" + c.challenge + ": " + design_text(c.design) + "\n";
    out += ranking_text(c.ranking, 3, " (resampled)");
    out += "  with keep";
    for (const auto& [keep, share] : c.by_keep)
      out += " " + std::string(to_string(keep)) + " " + percent(share);
    out += "\n";
  }
  out += "\ntotals (100 x the weighted mean of the marks)\n";
  out += ranking_text(f.totals, 1, ", every challenge (resampled)");
  out += verdict_text(f);
  return out;
}

std::string figures_json(const competition_figures& f) {
  json challenges = json::array();
  for (const challenge_figures& c : f.challenges) {
    json keeps = json::object();
    for (const auto& [keep, share] : c.by_keep)
      keeps[std::string(to_string(keep))] = share;
    challenges.push_back({{"challenge", c.challenge},
                          {"mazes", c.design.mazes},
                          {"attempts", c.design.attempts},
                          {"mark", std::string(to_string(c.design.mark))},
                          {"keep", std::string(to_string(c.design.keep))},
                          {"ranking", ranking_json(c.ranking)},
                          {"order_right_by_keep", std::move(keeps)}});
  }
  const json doc = {{"runs", f.runs},
                    {"secret", f.secret},
                    {"seeds", std::string(to_string(f.seeds))},
                    {"bots", f.bots},
                    {"challenges", std::move(challenges)},
                    {"totals", ranking_json(f.totals)},
                    {"reliable", f.totals.order_right >= reliable_share}};
  return doc.dump(2) + "\n";
}

std::string comparison_text(const std::vector<mark_comparison>& comparisons, seed_mode seeds) {
  std::string out;
  for (const mark_comparison& m : comparisons) {
    const challenge& c = *m.rules;
    out += "challenge " + c.id + " (" + c.label + " " + std::to_string(c.width) + "x" +
           std::to_string(c.height) + ", " + std::string(to_string(seeds)) + " seeds, " +
           std::to_string(m.mazes_played) + " mazes per bot); median cost of a maze:";
    for (std::size_t i = 0; i < m.median_costs.size(); ++i) {
      out += (i == 0 ? " " : ", ") + m.median_costs[i].first + " " +
             std::to_string(m.median_costs[i].second);
    }
    out += "\n\n";
    if (m.rows.empty()) continue;
    out += "| mark | mazes | whole order | " + m.ahead + " above " + m.behind + " | " + m.weakest +
           " last |\n| --- | ---: | ---: | ---: | ---: |\n";
    for (const mark_comparison_row& r : m.rows) {
      out += "| " + std::string(to_string(r.mark)) + " | " + std::to_string(r.mazes) + " | " +
             percent(r.whole_order) + " | " + percent(r.close_pair) + " | " +
             percent(r.weakest_last) + " |\n";
    }
    out += "\n";
  }
  return out;
}

}  // namespace ariadne
