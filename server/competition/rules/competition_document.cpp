#include "server/competition/rules/competition_document.hpp"

#include <nlohmann/json.hpp>

#include "server/competition/rules/secrets.hpp"

namespace ariadne {

using json = nlohmann::json;

std::string competition_document(const competition_rules& rules,
                                 const competition_schedule& schedule, const std::string& secret,
                                 const attempt_book& book,
                                 const std::map<std::int64_t, std::string>& names,
                                 competition_rules::time_point now) {
  const bool closed = schedule.closed(now);
  json doc = {{"name", rules.name},
              {"practice", rules.practice},
              {"seeds", std::string(to_string(rules.seeds))}};
  doc["opens_at"] = schedule.opens_at ? json(format_time(*schedule.opens_at)) : json(nullptr);
  doc["closes_at"] = schedule.closes_at ? json(format_time(*schedule.closes_at)) : json(nullptr);
  doc["state"] = schedule.not_yet_open(now) ? "not_open" : closed ? "closed" : "open";
  doc["announcement"] = schedule.announcement.empty() ? json(nullptr) : json(schedule.announcement);
  json list = json::array();
  for (const challenge& c : rules.challenges) {
    json item = {{"id", c.id},         {"width", c.width},
                 {"height", c.height}, {"treasures", c.request.treasures.value_or(1)},
                 {"weight", c.weight}, {"attempts", c.attempts}};
    item.update({{"mazes", c.mazes},
                 {"keep", to_string(c.keep)},
                 {"mark", to_string(c.mark)},
                 {"move_budget", c.move_budget()}});
    item["max_steps"] = c.request.max_steps ? json(*c.request.max_steps) : json(nullptr);
    item["time_limit_ms"] =
        c.request.time_limit_ms ? json(*c.request.time_limit_ms) : json(nullptr);
    if (closed) {
      // Everything needed to rebuild every maze dealt, and audit every result.
      json maze = json::object();
      if (c.request.maze.name) {
        maze["name"] = *c.request.maze.name;
      } else {
        maze["generator"] = c.label;
        maze["width"] = c.width;
        maze["height"] = c.height;
        maze["loops"] = c.request.maze.loops.value_or(0.0);
      }
      item["maze"] = maze;
      item["reuse_walls_removed"] = c.request.reuse_walls_removed.value_or(0);
      json deals = json::array();
      if (rules.seeds == seed_mode::shared) {
        std::uint32_t most = 0;
        book.for_each_tally([&](const attempt_book::key& k, std::uint32_t dealt, std::uint32_t) {
          if (k.second == c.id) most = std::max(most, dealt);
        });
        for (std::uint32_t d = 1; d <= most; ++d) {
          // A deal still in play for anyone stays secret until it ends.
          if (book.any_in_play(c.id, d)) continue;
          deals.push_back({{"deal", d}, {"seed", deal_seed(secret, c.id, d, {})}});
        }
      } else {
        book.for_each_tally([&](const attempt_book::key& k, std::uint32_t dealt, std::uint32_t) {
          if (k.second != c.id) return;
          const auto name = names.find(k.first);
          if (name == names.end()) return;
          for (std::uint32_t d = 1; d <= dealt; ++d) {
            if (book.in_play(k.first, c.id, d)) continue;  // revealed once it ends
            deals.push_back({{"competitor", name->second},
                             {"deal", d},
                             {"seed", deal_seed(secret, c.id, d, name->second)}});
          }
        });
      }
      item["deals"] = std::move(deals);
    }
    list.push_back(std::move(item));
  }
  doc["challenges"] = std::move(list);
  return doc.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace ariadne
