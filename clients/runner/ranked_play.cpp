#include "clients/runner/ranked_play.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "bots/drone_error.hpp"
#include "clients/runner/games.hpp"
#include "clients/sdk/remote_drone.hpp"
#include "clients/sdk/secure_connection.hpp"

namespace ariadne {

namespace {
// Runs of one attempt lost with their servers before ariadne-bot gives up.
constexpr unsigned max_lost_runs = 3;
}  // namespace

int play_ranked(const runner_options& o, bot& player) {
  using json = nlohmann::json;
  const server_url where = parse_server_url(o.url, "ws://");
  if (const auto warning = clear_token_warning(where, o.token))
    std::cerr << "ariadne-bot: " << *warning << "\n";
  remote_drone d(o.url, "ariadne-bot", o.timeout(), o.token, bot_label(player.name()),
                 client_context_for(where, o.tls), o.reconnect);
  d.set_limits(o.limits());
  // A copy: a connection mended in play brings a welcome of its own.
  const protocol::welcome_message welcome = d.welcome();
  if (!welcome.competition) throw usage_error(o.url + " runs no competition");
  std::cout << "competitor " << welcome.competitor.value_or("?") << " in "
            << welcome.competition->name << " with " << player.name() << "\n";
  json runs = json::array();
  bool matched = false;
  int status = 0;
  for (const auto& c : welcome.competition->challenges) {
    if (o.challenge != "all" && o.challenge != c.id) continue;
    matched = true;
    // Unless told: every attempt left where every attempt counts (keep all),
    // else one. A set under way (the connection was lost) is finished first,
    // as one of them.
    const std::uint32_t left = c.attempts_left + (c.next_maze ? 1U : 0U);
    const std::uint32_t wanted = o.attempts != 0 ? o.attempts : c.keep == "all" ? left : 1;
    const std::uint32_t tries = std::min(wanted, left);
    if (tries == 0) {
      std::cout << c.id << ": no attempts left\n";
      status = 1;
    }
    bool refused = false;
    for (std::uint32_t k = 0; k < tries && !refused; ++k) {
      // One attempt: its set's mazes, one start each, until the set ends.
      // A run lost with its server (run_lost) gave its attempt back: the
      // attempt starts again, a few times at most.
      unsigned lost = 0;
      for (bool ended = false; !ended;) {
        try {
          d.start_challenge(c.id);
        } catch (const drone_error& e) {
          std::cout << c.id << ": " << e.what() << "\n";
          status = 1;
          refused = true;
          break;
        }
        run_result r;
        try {
          r = finish_game(d, player);
        } catch (const run_lost& e) {
          std::cout << c.id << ": " << e.what() << "\n";
          if (++lost > max_lost_runs) throw;
          continue;
        }
        const set_position set = d.state().set.value_or(set_position{});
        ended = set.ended.value_or(true);
        // One maze's own ratio; the attempt's mark comes with its last maze.
        const double ratio = efficiency_of(r.status, r.score, r.optimal);
        std::printf(
            "%s: maze %u of %u: %s steps %llu bumps %llu score %llu optimal %llu ratio %.4f\n",
            c.id.c_str(), set.maze, set.mazes, std::string(to_string(r.status)).c_str(),
            static_cast<unsigned long long>(r.steps), static_cast<unsigned long long>(r.bumps),
            static_cast<unsigned long long>(r.score), static_cast<unsigned long long>(r.optimal),
            ratio);
        if (ended && set.mark) {
          std::printf("%s: attempt %u ended: %u of %u mazes found, mark %.4f\n", c.id.c_str(),
                      set.attempt, set.found.value_or(0), set.mazes, *set.mark);
        }
        runs.push_back({{"challenge", c.id},
                        {"attempt", set.attempt},
                        {"maze", set.maze},
                        {"status", std::string(to_string(r.status))},
                        {"steps", r.steps},
                        {"bumps", r.bumps},
                        {"score", r.score},
                        {"optimal", r.optimal},
                        {"found", r.found},
                        {"treasures", r.treasures},
                        {"ratio", ratio}});
        if (ended && set.mark) runs.back()["attempt_mark"] = *set.mark;
      }
    }
  }
  if (d.reconnects() > 0) std::cout << d.reconnects() << " lost connection(s) made again\n";
  if (!matched) throw usage_error("the competition has no challenge \"" + o.challenge + "\"");
  if (!o.json_file.empty()) {
    std::ofstream out(o.json_file);
    out << json{{"competitor", welcome.competitor.value_or("")}, {"runs", runs}}.dump(2) << "\n";
    if (!out) throw std::runtime_error("cannot write " + o.json_file);
  }
  return status;
}

}  // namespace ariadne
